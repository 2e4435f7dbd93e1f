import { useForm, useStore } from '@tanstack/react-form';
import { useEffect } from 'react';
import { createAppointments } from '../../db/commands/appointments';
import { CommandRefusal } from '../../domain/command-refusal';
import type { ServerErrorShape } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { canBookPastDays } from '../../domain/rules/permissions';
import { DEFAULT_SALON_SETTINGS } from '../../domain/rules/salon-defaults';
import { salonDate } from '../../domain/rules/time';
import { durationOptions } from '../../domain/rules/time-options';
import { appointmentFormSchema, toCreateInput, type AppointmentLineValues, type BookingMode, type NewAppointmentValues } from '../../domain/schemas/appointment-form';
import { useLanguage, useT } from '../../i18n';
import { useSession } from '../auth/use-session';
import { Button } from '../button';
import { ClientSelector } from '../clients/client-selector';
import { DateField } from '../date-field';
import { Dialog } from '../dialog';
import { FormMessage, FormTextField, firstError, schemaValidator } from '../form-field';
import { FormSelect } from '../form-select';
import { FormShell, SubmitButton } from '../form-shell';
import { submitCommand } from '../sync/submit-command';
import { formatHour } from '../timetable/timetable-grid';
import { useServerError } from '../use-server-error';
import { appointmentDialogs } from './appointment-dialogs';
import { lineOptions } from './line-options';
import { ServiceCombo } from './service-combo';
import { useBookingDay } from './use-booking-day';

const withCurrent = (times: number[], current: number | null) => (current === null || times.includes(current) ? times : [...times, current].sort((a, b) => a - b));

export const emptyLine = (patch: Partial<AppointmentLineValues> = {}): AppointmentLineValues => ({ id: newId(), master: null, cabinet: null, service: null, duration: null, startTime: null, ...patch });

/**
 * New Appointment (part 1 §2, §5): client (empty is a walk-in), date, notes and service lines; Create
 * Appointment stays disabled while unchanged or submitting. It books through `appointment.create`, so it
 * works offline; online it waits for the server, and a refusal (another device took the time) shows on the
 * start time. Only the owner may pick a past day.
 */
export function NewAppointmentDialog({ mode, values, refusal, conflictId }: { mode: BookingMode; values: NewAppointmentValues; refusal?: ServerErrorShape; conflictId?: number }) {
  const t = useT();
  const { language } = useLanguage();
  const session = useSession();
  const server = useServerError('appointment');
  const schedule = session?.salonSettings?.schedule ?? DEFAULT_SALON_SETTINGS.schedule;
  const mayPast = session ? canBookPastDays(session) : false;
  const schema = appointmentFormSchema(mode);

  const form = useForm({
    defaultValues: values,
    validators: { onChange: schemaValidator<NewAppointmentValues>(schema), onSubmit: schemaValidator<NewAppointmentValues>(schema) },
    onSubmit: async ({ value }) => {
      server.clear();
      try {
        await submitCommand(createAppointments, toCreateInput(value, session?.salon ?? '', language), { form: { kind: 'appointment.new', values: { mode, ...value } }, conflictId });
        appointmentDialogs.close();
      } catch (error) {
        server.report(error);
      }
    },
  });
  useEffect(() => {
    if (refusal) server.report(new CommandRefusal(refusal));
  }, [refusal]); // eslint-disable-line react-hooks/exhaustive-deps

  const date = useStore(form.store, (s) => s.values.date);
  const lines = useStore(form.store, (s) => s.values.lines);
  const day = useBookingDay(date);
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
    const options = lineOptions(day, form.state.values.date, mode, line, all.slice(0, i), schedule, language);
    if (line.service !== null && !options.services.some((s) => s.id === line.service)) form.setFieldValue(`lines[${i}].service`, null, { dontUpdateMeta: true });
    if (line.startTime !== null && line.duration !== null && !options.times.includes(line.startTime)) form.setFieldValue(`lines[${i}].startTime`, null, { dontUpdateMeta: true });
  };
  const linesError = useStore(form.store, (s) => (s.submissionAttempts > 0 ? firstError(s.fieldMeta.lines?.errors ?? []) : null));

  return (
    <Dialog title={t('appointment.new')} isOpen onClose={appointmentDialogs.close} size="lg">
      <FormShell form={form}>
        <div className="form-grid">
          <form.Field name="client">
            {(field) => <ClientSelector label={t('appointment.client')} value={field.state.value} onChange={(id) => field.handleChange(id)} allowWalkIn />}
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
                minDate={mayPast ? null : salonDate(new Date())}
                errorMessage={field.state.meta.isDirty && firstError(field.state.meta.errors) ? t(firstError(field.state.meta.errors) as string) : null}
              />
            )}
          </form.Field>
        </div>
        <form.Field name="lines" mode="array">
          {(linesField) => (
            <div className="appointment-lines">
              {linesField.state.value.map((line, i) => {
                const options = day ? lineOptions(day, date, mode, line, lines.slice(0, i), schedule, language) : null;
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
                          onEdit={() => recheck(i)}
                        />
                      )}
                    </form.Field>
                    <form.Field name={`lines[${i}].service`}>
                      {(field) => (
                        <ServiceCombo
                          label={t('appointment.service')}
                          services={options?.services ?? []}
                          value={field.state.value}
                          errorMessage={field.form.state.submissionAttempts > 0 && firstError(field.state.meta.errors) ? t(firstError(field.state.meta.errors) as string) : null}
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
                          options={durationOptions(schedule.step, field.state.value).map((d) => ({ value: d, label: t('appointment.minutes', { count: d }) }))}
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
                          options={withCurrent(options?.times ?? [], field.state.value).map((m) => ({ value: m, label: formatHour(m, schedule.format) }))}
                          serverError={server.forField('startTime')}
                          onEdit={server.clear}
                        />
                      )}
                    </form.Field>
                    {linesField.state.value.length > 1 ? (
                      <Button variant="ghost" className="line-remove" aria-label={t('appointment.removeLine', { n: i + 1 })} onPress={() => linesField.removeValue(i)}>
                        ×
                      </Button>
                    ) : null}
                  </fieldset>
                );
              })}
              <Button variant="secondary" onPress={() => linesField.pushValue(emptyLine())}>
                {t('appointment.addLine')}
              </Button>
            </div>
          )}
        </form.Field>
        <form.Field name="notes">{(field) => <FormTextField field={field} label={t('appointment.notes')} multiline />}</form.Field>
        <FormMessage>{linesError ? t(linesError) : server.formError}</FormMessage>
        <div className="form-actions">
          <Button variant="ghost" onPress={appointmentDialogs.close}>
            {t('common.cancel')}
          </Button>
          <SubmitButton form={form} requireChange={!refusal}>
            {t('appointment.create')}
          </SubmitButton>
        </div>
      </FormShell>
    </Dialog>
  );
}

