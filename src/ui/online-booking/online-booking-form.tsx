import { useStore } from '@tanstack/react-form';
import { useMemo, useState } from 'react';
import { CommandRefusal } from '../../domain/command-refusal';
import type { ServerErrorShape } from '../../domain/errors';
import type { MasterRow, SalonRow, ServiceGroupRow, ServiceRow } from '../../domain/entities';
import {
  BOOKING_CANCEL_HOURS,
  BOOKING_HORIZONS,
  BOOKING_NOTICES,
  BOOKING_STEPS,
  defaultOnlineBooking,
} from '../../domain/rules/online-booking';
import { nameIn } from '../../domain/rules/names';
import { onlineBookingSchema, type OnlineBookingFormValues } from '../../domain/schemas/online-booking';
import { useLanguage, useT } from '../../i18n';
import { submitCommand } from '../../sync/submit-command';
import { useCommandForm } from '../command-form';
import { FormMessage } from '../form-field';
import { FormShell, SubmitButton } from '../form-shell';
import { SettingsSection } from '../settings-section';
import { BookingPageLink } from './booking-page-link';
import { PickList } from './pick-list';
import { useSettingsFormSync } from '../settings-form-sync';

export const ONLINE_BOOKING_FORM_KIND = 'onlineBooking.settings';

/** The server names a field by its place in the command's input; the form has them flat. */
const formField = (field: string | null | undefined) => (field ? field.replace(/^onlineBooking\./, '') : field);

/**
 * The salon's saved settings, or the defaults of a salon that never saved them: off, every service and master. Ids of
 * rows gone since (a deleted service, a master made inactive) are left out: the page offers live rows only.
 */
export function valuesOfOnlineBooking(salon: SalonRow, services: ServiceRow[], masters: MasterRow[]): OnlineBookingFormValues {
  const serviceIds = services.map((s) => s.id);
  const masterIds = bookableMasters(masters).map((m) => m.id);
  const stored = salon.settings.onlineBooking ?? defaultOnlineBooking(salon, { services: serviceIds, masters: masterIds });
  return {
    ...stored,
    serviceIds: stored.serviceIds.filter((id) => serviceIds.includes(id)),
    masterIds: stored.masterIds.filter((id) => masterIds.includes(id)),
    phone: stored.phone ?? '',
  };
}

const bookableMasters = (masters: MasterRow[]) => masters.filter((m) => m.status === 'ACTIVE');

/**
 * Salon settings → Online booking (issue 61): on or off, the page's address, the services and masters clients may
 * choose, how far ahead and how soon they may book, the step of the offered times, until when they may cancel, and
 * what the page says about the salon. Writes onlineBooking.update, offline too; a taken address comes back on its
 * field from the server.
 */
export function OnlineBookingForm({
  salon,
  services,
  groups,
  masters,
  reopened,
  readOnly,
}: {
  salon: SalonRow;
  services: ServiceRow[];
  groups: ServiceGroupRow[];
  masters: MasterRow[];
  reopened: { values: OnlineBookingFormValues; error: ServerErrorShape; conflictId: number } | null;
  readOnly: boolean;
}) {
  const t = useT();
  const { language } = useLanguage();
  const [saved, setSaved] = useState<'accepted' | 'pending' | null>(null);
  const defaults = useMemo(() => valuesOfOnlineBooking(salon, services, masters), [salon, services, masters]);
  const [conflictId, setConflictId] = useState<number | null>(reopened?.conflictId ?? null);

  const { form, server } = useCommandForm<OnlineBookingFormValues>({
    operation: 'salonSettings',
    schema: onlineBookingSchema,
    defaultValues: reopened?.values ?? defaults,
    send: async (value) => {
      setSaved(null);
      let outcome: 'accepted' | 'pending';
      try {
        outcome = await submitCommand(
          'onlineBooking.update',
          { id: salon.id, onlineBooking: value },
          { form: { kind: ONLINE_BOOKING_FORM_KIND, values: value }, conflictId },
        );
      } catch (error) {
        throw error instanceof CommandRefusal ? new CommandRefusal({ ...error.error, field: formField(error.error.field) }) : error;
      }
      setConflictId(null);
      setSaved(outcome);
      form.reset(value);
    },
  });

  useSettingsFormSync(form, server, defaults, reopened, formField);

  const slug = useStore(form.store, (s) => s.values.slug);
  const serviceOptions = groups.flatMap((g) =>
    services
      .filter((s) => s.groupId === g.id)
      .map((s) => ({ id: s.id, label: nameIn(s.nameVariants, language), group: nameIn(g.nameVariants, language) })),
  );
  const masterOptions = bookableMasters(masters).map((m) => ({ id: m.id, label: `${m.firstName} ${m.lastName}`.trim() }));
  const select = <V extends number>(values: readonly V[], label: (value: V) => string) =>
    values.map((value) => ({ value, label: label(value) }));

  return (
    <FormShell form={form} server={server}>
      <SettingsSection id="online-booking-page" title={t('screen.onlineBooking')} note={t('onlineBooking.intro')}>
        <BookingPageLink settings={salon.settings.onlineBooking ?? null} />
        <form.AppField name="enabled">
          {(field) => <field.Checkbox label={t('onlineBooking.enabled')} isReadOnly={readOnly} />}
        </form.AppField>
        <form.AppField name="slug">
          {(field) => (
            <field.TextField
              label={t('onlineBooking.slug')}
              description={t('onlineBooking.slugHint', { url: `${location.origin}/book/${slug || '…'}` })}
              autoComplete="off"
              isReadOnly={readOnly}
            />
          )}
        </form.AppField>
      </SettingsSection>
      <SettingsSection id="online-booking-offer" title={t('onlineBooking.offer')}>
        <form.Field name="serviceIds">
          {(field) => (
            <PickList
              field={field}
              label={t('onlineBooking.services')}
              options={serviceOptions}
              empty={t('onlineBooking.noServices')}
              serverError={server.forField('serviceIds')}
              onEdit={server.clear}
              isReadOnly={readOnly}
            />
          )}
        </form.Field>
        <form.Field name="masterIds">
          {(field) => (
            <PickList
              field={field}
              label={t('onlineBooking.masters')}
              options={masterOptions}
              empty={t('onlineBooking.noMasters')}
              serverError={server.forField('masterIds')}
              onEdit={server.clear}
              isReadOnly={readOnly}
            />
          )}
        </form.Field>
      </SettingsSection>
      <SettingsSection id="online-booking-rules" title={t('onlineBooking.rules')}>
        <div className="form-grid">
          <form.AppField name="horizonDays">
            {(field) => (
              <field.Select
                label={t('onlineBooking.horizon')}
                options={select(BOOKING_HORIZONS, (days) => t('onlineBooking.horizonOption', { days }))}
                isReadOnly={readOnly}
              />
            )}
          </form.AppField>
          <form.AppField name="noticeMinutes">
            {(field) => (
              <field.Select
                label={t('onlineBooking.notice')}
                options={select(BOOKING_NOTICES, (minutes) => t('onlineBooking.noticeOption', { minutes }))}
                isReadOnly={readOnly}
              />
            )}
          </form.AppField>
          <form.AppField name="step">
            {(field) => (
              <field.Select
                label={t('onlineBooking.step')}
                options={select(BOOKING_STEPS, (minutes) => t('onlineBooking.stepOption', { minutes }))}
                isReadOnly={readOnly}
              />
            )}
          </form.AppField>
          <form.AppField name="cancelHours">
            {(field) => (
              <field.Select
                label={t('onlineBooking.cancel')}
                options={select(BOOKING_CANCEL_HOURS, (hours) => t('onlineBooking.cancelOption', { hours }))}
                isReadOnly={readOnly}
              />
            )}
          </form.AppField>
        </div>
      </SettingsSection>
      <SettingsSection id="online-booking-about" title={t('onlineBooking.about')}>
        <form.AppField name="description">
          {(field) => <field.TextField label={t('onlineBooking.description')} multiline isReadOnly={readOnly} />}
        </form.AppField>
        <div className="form-grid">
          <form.AppField name="address">
            {(field) => <field.TextField label={t('onlineBooking.address')} autoComplete="street-address" isReadOnly={readOnly} />}
          </form.AppField>
          <form.AppField name="phone">{(field) => <field.Phone label={t('onlineBooking.phone')} isReadOnly={readOnly} />}</form.AppField>
        </div>
      </SettingsSection>
      <FormMessage>{server.formError}</FormMessage>
      {saved ? <FormMessage kind="success">{t(saved === 'accepted' ? 'settings.saved' : 'settings.savedOffline')}</FormMessage> : null}
      {readOnly ? null : (
        <div className="form-actions">
          <SubmitButton form={form} requireChange={Boolean(salon.settings.onlineBooking) && conflictId === null}>
            {t('common.save')}
          </SubmitButton>
        </div>
      )}
    </FormShell>
  );
}
