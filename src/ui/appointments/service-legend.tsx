import { nameIn } from '../../domain/rules/names';
import { useLanguage, useT } from '../../i18n';
import type { DayData } from '../timetable/use-timetable-day';

/** The legend of services with their colours (part 1 §2): the services booked on the day shown. */
export function ServiceLegend({ data }: { data: DayData }) {
  const t = useT();
  const { language } = useLanguage();
  const ids = [...new Set(data.appointments.map((a) => a.serviceId))];
  const services = ids.flatMap((id) => {
    const s = data.services.get(id);
    return s ? [{ id, name: nameIn(s.nameVariants, language), color: s.color }] : [];
  });
  if (services.length === 0) return null;
  services.sort((a, b) => a.name.localeCompare(b.name, language));
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
