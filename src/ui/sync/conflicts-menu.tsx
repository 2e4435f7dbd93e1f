import { useNavigate } from '@tanstack/react-router';
import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { Dialog as AriaDialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { conflictsNewestFirst } from '../../db/queries/sync';
import type { Conflict } from '../../db/salon-db';
import { describeError, ERRORS, type Operation } from '../../domain/errors';
import { useIntl } from '../../i18n';
import { Button } from '../button';
import { reopenStore, screenOfForm } from './reopen-store';
import { useSyncDb } from './use-sync-state';
import { useConflictSubjects } from './use-conflict-subjects';
import { dayTimeText } from '../../domain/rules/time';

/**
 * Commands the server refused (DESIGN.md §5.4): each with the spec's message, kept until dismissed, so
 * nothing refused disappears silently. Open takes a refused change back to the form it came from, with the
 * attempted values and the message (DESIGN.md §5.4).
 */
export function ConflictsMenu() {
  const intl = useIntl();
  const db = useSyncDb();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const conflicts = useLiveQuery(() => (db ? conflictsNewestFirst(db) : []), [db], [] as Conflict[]);
  const subjects = useConflictSubjects(db, conflicts);
  if (!db || conflicts.length === 0) return null;
  const message = (c: Conflict) => {
    const area = c.name === 'client.setDefaultMasters' ? 'defaultMasters' : (c.name.split('.')[0] as string);
    const operation = (area in ERRORS ? area : 'default') as Operation;
    const described = describeError(operation, c.error);
    return described.messageId
      ? intl.formatMessage({ id: described.messageId })
      : (described.text ?? intl.formatMessage({ id: 'error.default' }));
  };
  const reopen = (c: Conflict) => {
    const screen = c.form ? screenOfForm(c.form.kind) : null;
    if (!c.form || !screen) return;
    reopenStore.set({ conflictId: c.id as number, kind: c.form.kind, values: c.form.values, error: c.error });
    setOpen(false);
    void navigate({ to: screen });
  };
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={setOpen}>
      <Button variant="ghost" className="status-pill status-conflict" aria-label={intl.formatMessage({ id: 'conflicts.title' })}>
        <span data-testid="conflict-count">{intl.formatMessage({ id: 'status.conflicts' }, { count: conflicts.length })}</span>
      </Button>
      <Popover className="popover conflicts-popover" placement="bottom end">
        <AriaDialog className="dialog">
          <Heading slot="title" className="popover-title">
            {intl.formatMessage({ id: 'conflicts.title' })}
          </Heading>
          <ul className="conflict-list">
            {conflicts.map((c) => (
              <li key={c.id} className="conflict-item" data-testid="conflict">
                <strong>{intl.formatMessage({ id: `command.${c.name}` })}</strong>
                {subjects.get(c.id as number) ? (
                  <span className="conflict-subject" data-testid="conflict-subject">
                    {subjects.get(c.id as number)}
                  </span>
                ) : null}
                <span className="conflict-message">{message(c)}</span>
                <span className="muted">{dayTimeText(new Date(c.createdAt))}</span>
                <span className="conflict-actions">
                  {c.form && screenOfForm(c.form.kind) ? (
                    <Button variant="link" onPress={() => reopen(c)}>
                      {intl.formatMessage({ id: 'conflicts.open' })}
                    </Button>
                  ) : null}
                  <Button variant="link" onPress={() => void db.dismissConflict(c.id as number)}>
                    {intl.formatMessage({ id: 'conflicts.dismiss' })}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        </AriaDialog>
      </Popover>
    </DialogTrigger>
  );
}
