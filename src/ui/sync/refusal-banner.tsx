import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { useT } from '../../i18n';
import { Button } from '../button';
import { signalRefusal } from './refusal-signal';
import { useConflicts } from './use-conflicts';
import { useConflictSubjects } from './use-conflict-subjects';

/** Meta keys: the newest conflict the banner was hidden at, and the newest one the device buzzed for. */
const HIDDEN_UP_TO = 'refusalBanner.hiddenUpTo';
const BUZZED_UP_TO = 'refusalBanner.buzzedUpTo';

/**
 * Refusals nobody can miss (issue 63): when synced changes are refused, a banner over every salon screen says how
 * many and what ('2 bookings could not be saved'), each with its subject (client · master · time), the spec's
 * message, Open and Dismiss. The device vibrates or chimes once for each new refusal (refusal-signal.ts). Hide
 * keeps it away until a newer refusal comes; the conflicts list in the top bar keeps them all.
 */
export function RefusalBanner() {
  const t = useT();
  const { db, conflicts, message, canOpen, reopen, dismiss } = useConflicts();
  const subjects = useConflictSubjects(db, conflicts);
  const marks = useLiveQuery(
    async () => ({
      hidden: (await db?.getMeta<number>(HIDDEN_UP_TO)) ?? 0,
      buzzed: (await db?.getMeta<number>(BUZZED_UP_TO)) ?? 0,
    }),
    [db],
  );
  const newest = conflicts[0]?.id ?? 0;
  useEffect(() => {
    if (!db || !marks || newest <= marks.buzzed) return;
    void db.setMeta(BUZZED_UP_TO, newest);
    signalRefusal();
  }, [db, marks, newest]);
  if (!db || !marks || conflicts.length === 0 || newest <= marks.hidden) return null;
  const bookings = conflicts.every((c) => c.name.startsWith('appointment.'));
  return (
    <section className="refusal-banner" aria-labelledby="refusal-banner-title" data-testid="refusal-banner">
      <p id="refusal-banner-title" className="refusal-banner-title" role="alert">
        {t(bookings ? 'refusals.bookings' : 'refusals.changes', { count: conflicts.length })}
      </p>
      <ul className="refusal-list">
        {conflicts.map((c) => (
          <li key={c.id} className="refusal-item" data-testid="refusal">
            <span className="refusal-what">
              <strong>{t(`command.${c.name}`)}</strong>
              {subjects.get(c.id as number) ? <span data-testid="refusal-subject">{subjects.get(c.id as number)}</span> : null}
            </span>
            <span className="refusal-why">{message(c)}</span>
            <span className="refusal-actions">
              {canOpen(c) ? (
                <Button variant="primary" onPress={() => reopen(c)}>
                  {t('conflicts.open')}
                </Button>
              ) : null}
              <Button variant="secondary" onPress={() => dismiss(c)}>
                {t('conflicts.dismiss')}
              </Button>
            </span>
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <Button variant="ghost" onPress={() => void db.setMeta(HIDDEN_UP_TO, newest)}>
          {t('refusals.hide')}
        </Button>
      </div>
    </section>
  );
}
