import { useMemo } from 'react';
import { nameIn } from '../../domain/rules/names';
import { useLanguage, useT } from '../../i18n';
import type { DayData } from '../timetable/use-timetable-day';

/** The legend of services with their colours (part 1 §2): the services booked on the day shown. */
export function ServiceLegend({ data }: { data: DayData }) {
  const t = useT();
  const { language } = useLanguage();
  // Once per change of the day's rows or services (a booking's echo renders the legend again).
  const services = useMemo(() => {
    const ids = [...new Set(data.appointments.map((a) => a.serviceId))];
    const shown = ids.flatMap((id) => {
      const s = data.services.get(id);
      return s ? [{ id, name: nameIn(s.nameVariants, language), color: s.color }] : [];
    });
    return shown.sort((a, b) => a.name.localeCompare(b.name, language));
  }, [data.appointments, data.services, language]);
  if (services.length === 0) return null;
  return (
    <ul className="legend" aria-label={t('timetable.legend')}>
      {services.map((s) => (
        <li key={s.id} className="legend-item">
          <span className="legend-swatch" style={{ background: s.color }} aria-hidden />
          {s.name}
        </li>
      ))}
    </ul>
  );
}
