import { useState } from 'react';
import { Dialog as AriaDialog, DialogTrigger, Heading, Popover } from 'react-aria-components';
import { useIntl } from '../../i18n';
import { Button } from '../button';
import { useConflicts } from './use-conflicts';
import { useConflictSubjects } from './use-conflict-subjects';
import { dayTimeText } from '../../domain/rules/time';

/**
 * Commands the server refused (DESIGN.md §5.4): each with the spec's message, kept until dismissed, so
 * nothing refused disappears silently. Open takes a refused change back to the form it came from, with the
 * attempted values and the message (DESIGN.md §5.4).
 */
export function ConflictsMenu() {
  const intl = useIntl();
  const [isOpen, setOpen] = useState(false);
  const { db, conflicts, message, canOpen, reopen, dismiss } = useConflicts();
  const subjects = useConflictSubjects(db, conflicts);
  if (!db || conflicts.length === 0) return null;
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
                  {canOpen(c) ? (
                    <Button
                      variant="link"
                      onPress={() => {
                        setOpen(false);
                        reopen(c);
                      }}
                    >
                      {intl.formatMessage({ id: 'conflicts.open' })}
                    </Button>
                  ) : null}
                  <Button variant="link" onPress={() => dismiss(c)}>
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
