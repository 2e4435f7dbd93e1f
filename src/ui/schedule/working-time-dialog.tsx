import { useStore } from '@tanstack/react-form';
import { useMemo, useState } from 'react';
import type { ServerErrorShape } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { freeEndOptions, freeStartOptions, spanMinutes, wallAt, type ScheduleRange } from '../../domain/rules/working-time';
import { formatMinutes, type TimeFormat } from '../../domain/rules/settings';
import { workingTimeFormSchema, type WorkingTimeFormValues } from '../../domain/schemas/working-time';
import type { MasterRow, WorkingTimeRow } from '../../domain/entities';
import { useT, type MessageId } from '../../i18n';
import { useSession } from '../session/use-session';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { useCommandForm } from '../command-form';
import { firstError, FormMessage } from '../form-field';
import { FormShell, SubmitButton } from '../form-shell';
import { submitCommand } from '../../sync/submit-command';
import { TimeSelect } from './time-select';
import type { FormRef } from '../../db/salon-db';

export interface WorkingTimeTarget {
  master: MasterRow;
  date: string;
  /** The block being edited; none when adding. */
  workingTime: WorkingTimeRow | null;
  /** Values to start from: the clicked cell's span, or a refused change reopened from the conflicts list. */
  values: WorkingTimeFormValues;
  refusal?: ServerErrorShape;
  conflictId?: number;
}

/**
 * Add and edit working time (part 2 §2, §4, §5): start and end from the salon's range and step, minus the
 * master's other working times; end after start. Online it waits for the server, so 'Schedule cannot be
 * changed/deleted, because there are appointments for that day' keeps the dialog open with the message.
 */
export function WorkingTimeDialog({
  target,
  schedule,
  dayTimes,
  onClose,
}: {
  target: WorkingTimeTarget;
  schedule: ScheduleRange & { format: TimeFormat };
  dayTimes: WorkingTimeRow[];
  onClose: () => void;
}) {
  const t = useT();
  const session = useSession();
  const [deleting, setDeleting] = useState(false);
  const { master, date, workingTime } = target;
  const self = useMemo(() => ({ id: workingTime?.id ?? '', masterId: master.id, startAt: '', endAt: '' }), [workingTime, master]);

  const { form, server } = useCommandForm<WorkingTimeFormValues>({
    operation: 'workingTime',
    refusal: target.refusal,
    schema: workingTimeFormSchema,
    defaultValues: target.values,
    send: (value) => {
      const startAt = wallAt(date, Number(value.start));
      const endAt = wallAt(date, Number(value.end));
      const ref: FormRef = {
        kind: workingTime ? 'workingTime.edit' : 'workingTime.new',
        values: { ...value, masterId: master.id, date, workingTimeId: workingTime?.id ?? null },
      };
      const options = { form: ref, conflictId: target.conflictId };
      return workingTime
        ? submitCommand('workingTime.update', { workingTimeId: workingTime.id, startAt, endAt }, options)
        : submitCommand('workingTime.add', { id: newId(), salon: session?.salon ?? '', master: master.id, startAt, endAt }, options);
    },
    onDone: onClose,
  });

  const start = useStore(form.store, (s) => s.values.start);
  const submitted = useStore(form.store, (s) => s.submissionAttempts > 0);
  const startOptions = freeStartOptions(schedule, date, dayTimes, self).map((m) => ({
    value: m,
    label: formatMinutes(m, schedule.format),
  }));
  const endOptions = (start === '' ? [] : freeEndOptions(schedule, date, start, dayTimes, self)).map((m) => ({
    value: m,
    label: formatMinutes(m, schedule.format),
  }));
  // The current values stay choosable even when the range changed since.
  const withCurrent = (list: { value: number; label: string }[], current: number | '') =>
    current === '' || list.some((o) => o.value === current)
      ? list
      : [...list, { value: current, label: formatMinutes(current, schedule.format) }].sort((a, b) => a.value - b.value);

  const remove = async () => {
    if (!workingTime) return;
    setDeleting(true);
    server.clear();
    try {
      await submitCommand('workingTime.delete', { workingTimeId: workingTime.id }, { form: null });
      onClose();
    } catch (error) {
      server.report(error);
      setDeleting(false);
    }
  };

  return (
    <Dialog title={t(workingTime ? 'workingTime.edit.title' : 'workingTime.new.title')} isOpen onClose={onClose} size="sm">
      <FormShell form={form} server={server}>
        <dl className="facts">
          <div>
            <dt>{t('workingTime.master')}</dt>
            <dd>{`${master.firstName} ${master.lastName}`.trim()}</dd>
          </div>
          <div>
            <dt>{t('workingTime.day')}</dt>
            <dd>{date}</dd>
          </div>
        </dl>
        <div className="form-grid">
          <form.Field name="start">
            {(field) => (
              <TimeSelect
                label={t('workingTime.start')}
                value={field.state.value}
                options={withCurrent(startOptions, field.state.value)}
                onChange={(m) => {
                  field.handleChange(m);
                  server.clear();
                  const end = form.getFieldValue('end');
                  if (end !== '' && end <= m) form.setFieldValue('end', '');
                }}
                error={
                  (submitted && firstError(field.state.meta.errors) ? t(firstError(field.state.meta.errors) as MessageId) : null) ??
                  server.forField('startAt')
                }
              />
            )}
          </form.Field>
          <form.Field name="end">
            {(field) => (
              <TimeSelect
                label={t('workingTime.end')}
                value={field.state.value}
                options={withCurrent(endOptions, field.state.value)}
                onChange={(m) => {
                  field.handleChange(m);
                  server.clear();
                }}
                error={
                  ((submitted || field.state.meta.isDirty) && firstError(field.state.meta.errors)
                    ? t(firstError(field.state.meta.errors) as MessageId)
                    : null) ?? server.forField('endAt')
                }
              />
            )}
          </form.Field>
        </div>
        <FormMessage>{server.formError}</FormMessage>
        <div className="form-actions">
          {workingTime ? (
            <Button variant="danger" isDisabled={deleting} onPress={() => void remove()}>
              {t('common.delete')}
            </Button>
          ) : null}
          <Button variant="ghost" onPress={onClose}>
            {t('common.cancel')}
          </Button>
          <SubmitButton form={form} requireChange={Boolean(workingTime) && !target.refusal}>
            {t(workingTime ? 'common.save' : 'common.add')}
          </SubmitButton>
        </div>
      </FormShell>
    </Dialog>
  );
}

/** Form values of an existing block. */
export function valuesOfWorkingTime(w: WorkingTimeRow): WorkingTimeFormValues {
  const m = spanMinutes(w);
  return m ? { start: m.start, end: m.end } : { start: '', end: '' };
}
