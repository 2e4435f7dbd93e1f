import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { conflictsNewestFirst } from '../../db/queries/sync';
import type { Conflict } from '../../db/salon-db';
import { describeError, ERRORS, type Operation } from '../../domain/errors';
import { useIntl } from '../../i18n';
import { reopenStore, screenOfForm } from './reopen-store';
import { useSyncDb } from './use-sync-state';

const NONE: Conflict[] = [];

/**
 * The changes the server refused (DESIGN.md §5.4), newest first, with what the conflicts list and the refusal
 * banner do with each: the spec's message, Open (back to the form it came from, with the attempted values and the
 * message) when it has a form, and Dismiss.
 */
export function useConflicts() {
  const intl = useIntl();
  const db = useSyncDb();
  const navigate = useNavigate();
  const conflicts = useLiveQuery(() => (db ? conflictsNewestFirst(db) : NONE), [db], NONE);
  const message = (c: Conflict) => {
    const area = c.name === 'client.setDefaultMasters' ? 'defaultMasters' : (c.name.split('.')[0] as string);
    const operation = (area in ERRORS ? area : 'default') as Operation;
    const described = describeError(operation, c.error);
    return described.messageId
      ? intl.formatMessage({ id: described.messageId })
      : (described.text ?? intl.formatMessage({ id: 'error.default' }));
  };
  const canOpen = (c: Conflict) => Boolean(c.form && screenOfForm(c.form.kind));
  const reopen = (c: Conflict) => {
    const screen = c.form ? screenOfForm(c.form.kind) : null;
    if (!c.form || !screen) return;
    reopenStore.set({ conflictId: c.id as number, kind: c.form.kind, values: c.form.values, error: c.error });
    void navigate({ to: screen });
  };
  const dismiss = (c: Conflict) => void db?.dismissConflict(c.id as number);
  return { db, conflicts, message, canOpen, reopen, dismiss };
}
