import { useStore } from '@tanstack/react-form';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import type { ServerErrorShape } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { AppointmentDetails } from '../timetable/appointment-details';
import { canBookPastDays } from '../../domain/rules/permissions';
import { DEFAULT_SALON_SETTINGS } from '../../domain/rules/salon-defaults';
import { durationOptions } from '../../domain/rules/time-options';
import {
  appointmentFormSchema,
  toCreateInput,
  toUpdateInput,
  type AppointmentLineValues,
  type BookingMode,
  type NewAppointmentValues,
} from '../../domain/schemas/appointment-form';
import type { AppointmentRow } from '../../domain/entities';
import { useLanguage, useT, type MessageId } from '../../i18n';
import { useSession } from '../session/use-session';
import { Button } from '../button';
import { ClientSelector } from '../clients/client-selector';
import { DateField } from '../date-field';
import { Dialog } from '../dialog';
import { FormMessage, FormTextField, firstError } from '../form-field';
import { FormSelect } from '../form-select';
import { FormShell, SubmitButton } from '../form-shell';
import { submitWhenValid } from '../submit-when-valid';
import { AppointmentTabs, type InvoiceTarget } from '../invoices/appointment-tabs';
import { ClientMessageList } from '../client-messages/client-message-list';
import { isAdministrator } from '../../domain/roles';
import { CreateInvoiceButton } from '../invoices/create-invoice';
import { submitCommand } from '../../sync/submit-command';
import { formatHour } from '../timetable/timetable-grid';
import { useCommandForm } from '../command-form';
import { appointmentDialogs } from './appointment-dialogs';
import { lineOptions } from './line-options';
import { ConfirmAppointmentAction, type AppointmentAction } from './confirm-appointment-action';
import { ServiceCombo } from './service-combo';
import { ClientOverlapWarning } from './client-overlap-warning';
import { clientOverlaps, overlapKey } from '../../domain/rules/client-overlap';
import { knownRowsOf, useBookingDay, type BookingDay, type PauseSignal } from './use-booking-day';
import type { FormRef } from '../../db/salon-db';
import { useSalonToday } from '../salon/use-salon';
import { useAppointmentActions } from './use-appointment-actions';
import { COARSE_POINTER, useMediaQuery } from '../use-media-query';
import { Icon } from '../icons';
import { NextFreeTimes } from './next-free-times';

const withCurrent = (times: number[], current: number | null) =>
  current === null || times.includes(current) ? times : [...times, current].sort((a, b) => a - b);

export const emptyLine = (patch: Partial<AppointmentLineValues> = {}): AppointmentLineValues => ({
  id: newId(),
  master: null,
  cabinet: null,
  service: null,
  duration: null,
  startTime: null,
  ...patch,
});

/** The appointment an Edit Appointment dialog edits, with what locks it. */
export interface EditTarget extends InvoiceTarget {
  appointment: AppointmentRow;
  /** Paid: locked, no Delete; Archive only for the roles of part 1 §4. */
  paid: boolean;
  /** Booked together with others: the date stays (part 1 §4). */
  grouped: boolean;
}

/**
 * New Appointment and Edit Appointment (part 1 §2, §5): client (empty is a walk-in), date, notes and service
 * lines; Create Appointment stays disabled while unchanged or submitting. New books through
 * `appointment.create`, Edit saves through `appointment.update` (with the Invoice tab, Delete and Archive),
 * so both work offline; online they wait for the server, and a refusal (another device took the time) shows
 * on the start time. Only the owner may pick a past day.
 *
 * Memoized: the page hosting it re-renders on every write to its day (a booking's card paints while the
 * dialog waits for the server), which must not re-render the whole form.
 */
export const AppointmentFormDialog = memo(function AppointmentFormDialog({
  mode,
  values,
  refusal,
  conflictId,
  edit,
}: {
  mode: BookingMode;
  values: NewAppointmentValues;
  refusal?: ServerErrorShape;
  conflictId?: number;
  edit?: EditTarget;
}) {
  const t = useT();
  const today = useSalonToday();
  const touch = useMediaQuery(COARSE_POINTER);
  const { language } = useLanguage();
  const session = useSession();
  const schedule = session?.salonSettings?.schedule ?? DEFAULT_SALON_SETTINGS.schedule;
  const mayPast = session ? canBookPastDays(session) : false;
  const schema = appointmentFormSchema(mode, Boolean(edit));
  const locked = Boolean(edit?.paid);
  const [confirm, setConfirm] = useState<AppointmentAction | null>(null);
  const actions = useAppointmentActions(edit?.appointment ?? null, Boolean(edit?.paid));

  const shownDay = useRef<BookingDay | null>(null);
  const { form, server, submit } = useCommandForm<NewAppointmentValues>({
    operation: 'appointment',
    schema,
    defaultValues: values,
    refusal,
    send: async (value) => {
      if (edit) {
        const form: FormRef = { kind: 'appointment.edit', values: { mode, appointmentId: edit.appointment.id, ...value } };
        await submitCommand('appointment.update', toUpdateInput(edit.appointment.id, value), { form, conflictId });
      } else {
        await submitCommand('appointment.create', toCreateInput(value, session?.salon ?? '', language), {
          form: { kind: 'appointment.new', values: { mode, ...value } },
          conflictId,
          known: shownDay.current && knownRowsOf(shownDay.current),
        });
      }
    },
    onDone: appointmentDialogs.close,
  });

  const date = useStore(form.store, (s) => s.values.date);
  const lines = useStore(form.store, (s) => s.values.lines);
  // The day is not read again while the form waits for its command (use-booking-day.ts).
  const submitting = useMemo<PauseSignal>(
    () => ({
      get: () => form.state.isSubmitting,
      subscribe(listener) {
        const subscription = form.store.subscribe(listener);
        return () => subscription.unsubscribe();
      },
    }),
    [form],
  );
  const day = useBookingDay(date, submitting);
  // The day as this form shows it, for the booking's card before its command has read the mirror (decision 052).
  useEffect(() => {
    shownDay.current = day ?? null;
  }, [day]);
  const client = useStore(form.store, (s) => s.values.client);
  // One client in two chairs at once (decision 043): warned, and booked only once the receptionist confirms.
  const overlapsFound = useMemo(
    () => (locked || !day ? [] : clientOverlaps(client, date, lines, day.booked, edit?.appointment.id ?? null)),
    [locked, day, client, date, lines, edit],
  );
  const [confirmedKey, setConfirmedKey] = useState('');
  const foundKey = overlapKey(overlapsFound);
  const overlapBlocks = foundKey !== '' && confirmedKey !== foundKey;
  /**
   * The form cascade (part 1 §4): after the user changes a line's master, cabinet, service or duration, a
   * service that provider does not offer or a start no longer free is cleared; what still fits is kept. Live
   * changes from other devices clear nothing: a time taken meanwhile is refused on submit with the spec's
   * overlap message.
   */
  const recheck = (i: number) => {
    server.clear();
    if (!day) return;
    const all = form.state.values.lines;
    const line = all[i];
    if (!line) return;
    const options = lineOptions(day, form.state.values.date, mode, line, all.slice(0, i), schedule, language, edit?.appointment.id ?? null);
    if (line.service !== null && !options.services.some((s) => s.id === line.service))
      form.setFieldValue(`lines[${i}].service`, null, { dontUpdateMeta: true });
    if (line.startTime !== null && line.duration !== null && !options.times.includes(line.startTime))
      form.setFieldValue(`lines[${i}].startTime`, null, { dontUpdateMeta: true });
  };
  // New Appointment of one line with a master and a service: the master's next free times (issue 61 item 3).
  const only = lines.length === 1 ? lines[0] : undefined;
  const nextMaster = !edit && mode === 'masters' && only?.master ? day?.masters.find((m) => m.id === only.master) : undefined;
  const nextService = nextMaster && only?.service ? day?.services.find((s) => s.id === only.service) : undefined;
  const nextFree =
    nextMaster && nextService && only?.duration ? { master: nextMaster, service: nextService, duration: only.duration } : null;
  const linesError = useStore(form.store, (s) => (s.submissionAttempts > 0 ? firstError(s.fieldMeta.lines?.errors ?? []) : null));
  // Unsaved appointment changes keep the Invoice tab and Create Invoice disabled (part 1 §2, §4).
  const dirty = useStore(form.store, (s) => !s.isDefaultValue) || Boolean(refusal);
  // What was sent to the client about it (issue 57), for the salon's administrators.
  const messagesTab =
    edit && session && isAdministrator(session)
      ? [{ id: 'messages', label: t('clientMessages.list.tab'), panel: <ClientMessageList of={{ appointment: edit.appointment.id }} /> }]
      : [];

  return (
    <Dialog title={edit ? t('appointment.edit') : t('appointment.new')} isOpen onClose={appointmentDialogs.close} size="lg">
      {edit?.appointment.authorRole === 'CLIENT' ? (
        // A booking from the salon's page (issue 61): marked as the card is.
        <p className="online-mark" data-testid="created-by">
          <Icon name="user" size={16} />
          <span className="badge">{t('appointment.bookedOnline')}</span>
        </p>
      ) : edit ? (
        <p className="muted" data-testid="created-by">
          {t('appointment.createdBy', { role: t(`appointment.author.${edit.appointment.authorRole}`) })}
        </p>
      ) : null}
      {edit ? (
        // The card's popup opens on hover only; here a finger finds it, open at once on a touch screen (issue 63).
        <details className="appointment-details" data-testid="appointment-details" open={touch || undefined}>
          <summary>{t('hoverCard.title')}</summary>
          <AppointmentDetails appointment={edit.appointment} />
        </details>
      ) : null}
      {locked ? <FormMessage kind="info">{t('appointment.paidLocked')}</FormMessage> : null}
      {edit?.grouped && !locked ? <FormMessage kind="info">{t('appointment.groupDateLocked')}</FormMessage> : null}
      <AppointmentTabs target={edit} dirty={dirty} mode={mode} onClose={appointmentDialogs.close} more={messagesTab}>
        <FormShell form={form} submitOnClick onSubmit={() => (overlapBlocks ? undefined : void submitWhenValid(form, schema, submit))}>
          <div className="form-grid">
            <form.Field name="client">
              {(field) => (
                <ClientSelector
                  label={t('appointment.client')}
                  value={field.state.value}
                  onChange={(id) => field.handleChange(id)}
                  allowWalkIn={!edit}
                  isDisabled={locked}
                  errorMessage={
                    field.form.state.submissionAttempts > 0 && firstError(field.state.meta.errors)
                      ? t(firstError(field.state.meta.errors) as MessageId)
                      : null
                  }
                />
              )}
            </form.Field>
            <form.Field name="date">
              {(field) => (
                <DateField
                  label={t('appointment.date')}
                  value={field.state.value}
                  onChange={(d) => {
                    field.handleChange(d ?? '');
                    server.clear();
                  }}
                  minDate={mayPast ? null : today}
                  isDisabled={locked || Boolean(edit?.grouped)}
                  errorMessage={
                    field.state.meta.isDirty && firstError(field.state.meta.errors)
                      ? t(firstError(field.state.meta.errors) as MessageId)
                      : null
                  }
                />
              )}
            </form.Field>
          </div>
          <form.Field name="lines" mode="array">
            {(linesField) => (
              <div className="appointment-lines">
                {linesField.state.value.map((line, i) => {
                  const options = day
                    ? lineOptions(day, date, mode, line, lines.slice(0, i), schedule, language, edit?.appointment.id ?? null)
                    : null;
                  return (
                    <fieldset key={line.id} className="appointment-line" data-testid="appointment-line">
                      <legend className="visually-hidden">{t('appointment.line', { n: i + 1 })}</legend>
                      {mode === 'cabinets' ? (
                        <form.Field name={`lines[${i}].cabinet`}>
                          {(field) => (
                            <FormSelect
                              field={field}
                              label={t('appointment.cabinet')}
                              options={options?.cabinets ?? []}
                              isReadOnly={locked}
                              onEdit={() => recheck(i)}
                            />
                          )}
                        </form.Field>
                      ) : null}
                      <form.Field name={`lines[${i}].master`}>
                        {(field) => (
                          <FormSelect
                            field={field}
                            label={mode === 'cabinets' ? t('appointment.masterOptional') : t('appointment.master')}
                            options={options?.masters ?? []}
                            isReadOnly={locked}
                            onEdit={() => recheck(i)}
                          />
                        )}
                      </form.Field>
                      <form.Field name={`lines[${i}].service`}>
                        {(field) => (
                          <ServiceCombo
                            label={t('appointment.service')}
                            services={options?.services ?? []}
                            isDisabled={locked}
                            value={field.state.value}
                            errorMessage={
                              field.form.state.submissionAttempts > 0 && firstError(field.state.meta.errors)
                                ? t(firstError(field.state.meta.errors) as MessageId)
                                : null
                            }
                            onChange={(s) => {
                              field.handleChange(s?.id ?? null);
                              // A chosen service brings its own duration.
                              if (s) form.setFieldValue(`lines[${i}].duration`, s.duration);
                              recheck(i);
                            }}
                          />
                        )}
                      </form.Field>
                      <form.Field name={`lines[${i}].duration`}>
                        {(field) => (
                          <FormSelect
                            field={field}
                            label={t('appointment.duration')}
                            options={durationOptions(schedule.step, field.state.value).map((d) => ({
                              value: d,
                              label: t('appointment.minutes', { count: d }),
                            }))}
                            isReadOnly={locked}
                            onEdit={() => recheck(i)}
                          />
                        )}
                      </form.Field>
                      <form.Field name={`lines[${i}].startTime`}>
                        {(field) => (
                          <FormSelect
                            field={field}
                            label={t('appointment.startTime')}
                            // The chosen time stays listed even when another device took it meanwhile (refused on submit).
                            options={withCurrent(options?.times ?? [], field.state.value).map((m) => ({
                              value: m,
                              label: formatHour(m, schedule.format),
                            }))}
                            isReadOnly={locked}
                            serverError={server.forField('startTime')}
                            onEdit={server.clear}
                          />
                        )}
                      </form.Field>
                      {linesField.state.value.length > 1 && !edit ? (
                        <Button
                          variant="ghost"
                          className="line-remove"
                          aria-label={t('appointment.removeLine', { n: i + 1 })}
                          onPress={() => linesField.removeValue(i)}
                        >
                          ×
                        </Button>
                      ) : null}
                    </fieldset>
                  );
                })}
                {nextFree ? (
                  <NextFreeTimes
                    // A new search for another master, service, length or day.
                    key={`${nextFree.master.id}|${nextFree.service.id}|${nextFree.duration}|${date}`}
                    {...nextFree}
                    from={date}
                    schedule={schedule}
                    onChoose={(d, minutes) => {
                      form.setFieldValue('date', d);
                      form.setFieldValue('lines[0].startTime', minutes);
                      server.clear();
                    }}
                  />
                ) : null}
                {edit ? null : (
                  <Button variant="secondary" onPress={() => linesField.pushValue(emptyLine())}>
                    {t('appointment.addLine')}
                  </Button>
                )}
              </div>
            )}
          </form.Field>
          <form.Field name="notes">
            {(field) => <FormTextField field={field} label={t('appointment.notes')} multiline isReadOnly={locked} />}
          </form.Field>
          <ClientOverlapWarning
            found={overlapsFound}
            day={day}
            format={schedule.format}
            confirmed={!overlapBlocks}
            onConfirm={(on) => setConfirmedKey(on ? foundKey : '')}
          />
          <FormMessage>{linesError ? t(linesError) : server.formError}</FormMessage>
          <div className="form-actions">
            {edit && actions?.mayDelete ? (
              <Button variant="danger" onPress={() => setConfirm('delete')}>
                {t('common.delete')}
              </Button>
            ) : null}
            {edit && actions?.mayNoShow ? (
              <Button variant="secondary" onPress={() => setConfirm('noShow')}>
                {edit.appointment.outcome === 'NO_SHOW' ? t('appointment.noShow.unmark') : t('appointment.noShow.mark')}
              </Button>
            ) : null}
            {edit && actions?.mayArchive ? (
              <Button variant="secondary" onPress={() => setConfirm('archive')}>
                {edit.appointment.archived ? t('appointment.unarchive') : t('appointment.archive')}
              </Button>
            ) : null}
            <Button variant="ghost" onPress={appointmentDialogs.close}>
              {t('common.cancel')}
            </Button>
            {edit ? <CreateInvoiceButton /> : null}
            {locked ? null : (
              <SubmitButton form={form} requireChange={!refusal} isBlocked={overlapBlocks}>
                {edit ? t('common.save') : t('appointment.create')}
              </SubmitButton>
            )}
          </div>
        </FormShell>
      </AppointmentTabs>
      {edit && confirm ? (
        <ConfirmAppointmentAction
          kind={confirm}
          appointment={edit.appointment}
          lateByDefault={actions?.lateByDefault ?? null}
          onClose={() => setConfirm(null)}
        />
      ) : null}
    </Dialog>
  );
});
