import { nameIn } from '../../domain/rules/names';
import { minutesOfDay } from '../../domain/rules/time';
import { freeSpans, timeOptions, type MinuteSpan } from '../../domain/rules/time-options';
import type { ScheduleSettings } from '../../domain/rules/salon-defaults';
import type { AppointmentLineValues, BookingMode } from '../../domain/schemas/appointment-form';
import type { ServiceRow } from '../../domain/entities';
import type { BookingDay } from './use-booking-day';

/**
 * The choices of one service line (part 1 §5 and the form cascade of §4): who works that day, the services
 * of the chosen master's (or cabinet's) groups, and the start times left free, counting the lines above it.
 */
const spansOf = (rows: { startAt: string; endAt: string }[], date: string): MinuteSpan[] =>
  rows.map((r) => ({ from: minutesOfDay(r.startAt), to: r.endAt.slice(0, 10) > date ? 1440 : minutesOfDay(r.endAt) }));

export function lineOptions(
  day: BookingDay,
  date: string,
  mode: BookingMode,
  line: AppointmentLineValues,
  earlier: AppointmentLineValues[],
  schedule: ScheduleSettings,
  language: string,
  editingId: string | null = null,
) {
  const workingMasters = day.masters.filter((m) => day.work.some((w) => w.masterId === m.id));
  const workingCabinets = day.cabinets.filter((c) => day.work.some((w) => w.cabinetId === c.id));
  const provider = mode === 'masters' ? day.masters.find((m) => m.id === line.master) : day.cabinets.find((c) => c.id === line.cabinet);
  const groupIds = new Set(provider?.serviceGroupIds ?? []);
  const services: ServiceRow[] = provider ? day.services.filter((s) => groupIds.has(s.groupId)) : [];
  const service = day.services.find((s) => s.id === line.service);
  // Cabinets view: the optional master must offer the service's group and work that day.
  const masters =
    mode === 'masters' ? workingMasters : workingMasters.filter((m) => !service || m.serviceGroupIds.includes(service.groupId));

  const earlierSpans = (key: 'master' | 'cabinet', id: string | null) =>
    id
      ? earlier
          .filter((l) => l[key] === id && l.startTime !== null && l.duration)
          .map((l) => ({ from: l.startTime as number, to: (l.startTime as number) + (l.duration as number) }))
      : [];
  // The appointment being edited frees its own time (its current start stays available).
  const bookedOf = (key: 'masterId' | 'cabinetId', id: string | null) =>
    id
      ? spansOf(
          day.booked.filter((a) => a[key] === id && a.id !== editingId),
          date,
        )
      : [];
  const workOf = (key: 'masterId' | 'cabinetId', id: string | null) =>
    id
      ? spansOf(
          day.work.filter((w) => w[key] === id),
          date,
        )
      : [];

  const main =
    mode === 'masters'
      ? { key: 'masterId' as const, id: line.master, own: 'master' as const }
      : { key: 'cabinetId' as const, id: line.cabinet, own: 'cabinet' as const };
  const busy = [...bookedOf(main.key, main.id), ...earlierSpans(main.own, main.id)];
  if (mode === 'cabinets' && line.master) busy.push(...bookedOf('masterId', line.master), ...earlierSpans('master', line.master));
  // Masters view: when cabinets offer the service, one of them must be free for the whole time.
  let cabinetFree: MinuteSpan[] | null = null;
  if (mode === 'masters' && service) {
    const offering = workingCabinets.filter((c) => c.serviceGroupIds.includes(service.groupId));
    if (offering.length > 0)
      cabinetFree = offering.flatMap((c) =>
        freeSpans(workOf('cabinetId', c.id), [...bookedOf('cabinetId', c.id), ...earlierSpans('cabinet', c.id)]),
      );
  }
  const times =
    main.id && line.duration
      ? timeOptions({ schedule, duration: line.duration, working: workOf(main.key, main.id), busy, cabinetFree })
      : [];
  return {
    masters: masters.map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}`.trim() })),
    cabinets: workingCabinets.map((c) => ({ value: c.id, label: nameIn(c.nameVariants, language) })),
    services: services.map((s) => ({
      id: s.id,
      name: nameIn(s.nameVariants, language),
      duration: s.duration,
      price: s.price,
      color: s.color,
    })),
    times,
  };
}
