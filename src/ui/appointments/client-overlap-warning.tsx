import { Checkbox } from 'react-aria-components';
import type { ClientOverlap } from '../../domain/rules/client-overlap';
import { nameIn } from '../../domain/rules/names';
import { minutesOfDay } from '../../domain/rules/time';
import type { ScheduleSettings } from '../../domain/rules/salon-defaults';
import { useLanguage, useT } from '../../i18n';
import { formatHour } from '../format-hour';
import type { BookingDay } from './use-booking-day';

/**
 * The warning that the form's client would be in two chairs at once (issue 24, decision 043), one line per
 * overlap, with "Book anyway": the receptionist confirms (a manicure and a pedicure together are real) and
 * Create Appointment (or Save) is enabled again. A changed overlap needs a new confirmation.
 */
export function ClientOverlapWarning({
  found,
  day,
  format,
  confirmed,
  onConfirm,
}: {
  found: ClientOverlap[];
  day: BookingDay | undefined;
  format: ScheduleSettings['format'];
  confirmed: boolean;
  onConfirm: (on: boolean) => void;
}) {
  const t = useT();
  const { language } = useLanguage();
  if (found.length === 0) return null;
  const providerOf = (masterId: string | null, cabinetId: string | null) => {
    const master = day?.masters.find((m) => m.id === masterId);
    if (master) return `${master.firstName} ${master.lastName}`.trim();
    const cabinet = day?.cabinets.find((c) => c.id === cabinetId);
    return cabinet ? nameIn(cabinet.nameVariants, language) : '';
  };
  return (
    <div className="form-message form-message-warning" role="status" data-testid="client-overlap">
      <ul>
        {found.map((o) => {
          const time = formatHour(minutesOfDay(o.startAt), format);
          if (o.kind === 'line')
            return <li key={`${o.line}`}>{t('appointment.clientOverlapLine', { n: o.line + 1, other: o.other + 1, time })}</li>;
          const service = day?.services.find((s) => s.id === o.appointment.serviceId);
          return (
            <li key={`${o.line}`}>
              {t('appointment.clientOverlapBooked', {
                n: o.line + 1,
                time: formatHour(minutesOfDay(o.appointment.startAt), format),
                service: service ? nameIn(service.nameVariants, language) : '',
                provider: providerOf(o.appointment.masterId, o.appointment.cabinetId),
              })}
            </li>
          );
        })}
      </ul>
      <Checkbox className="choice" isSelected={confirmed} onChange={onConfirm}>
        <span className="choice-box" aria-hidden />
        {t('appointment.clientOverlapConfirm')}
      </Checkbox>
    </div>
  );
}
