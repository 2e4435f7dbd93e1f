import { useState } from 'react';
import { appointmentsOfDays } from '../../db/queries/appointments';
import { salonCabinets, workingTimesOfDays } from '../../db/queries/setup';
import type { MasterRow, ServiceRow } from '../../domain/entities';
import { freeSlots, type FreeSlot } from '../../domain/rules/free-slots';
import { addDays, dateOf, dayText, minutesOfDay } from '../../domain/rules/time';
import { useT } from '../../i18n';
import { Button } from '../button';
import { formatHour } from '../format-hour';
import { useSalonNow } from '../salon/use-salon';
import { useSession } from '../session/use-session';
import { useSyncDb } from '../sync/use-sync-state';

/** How far the search looks, and how many times it offers. */
const SEARCH_DAYS = 31;
const OFFERED = 4;

/**
 * New Appointment's "next free time" (issue 61 item 3): the master's next free starts for the service from the chosen
 * day, by the same rule as the salon's booking page (src/domain/rules/free-slots.ts), read from the mirror, so it works
 * offline. Choosing one sets the date and the start time.
 */
export function NextFreeTimes({
  master,
  service,
  duration,
  from,
  schedule,
  onChoose,
}: {
  master: MasterRow;
  service: ServiceRow;
  duration: number;
  from: string;
  /** The salon's hours, step and time format. */
  schedule: { startAt: number; endAt: number; step: number; format: 'HH:mm' | 'hh:mm a' };
  onChoose: (date: string, minutes: number) => void;
}) {
  const t = useT();
  const db = useSyncDb();
  const salonId = useSession()?.salon ?? null;
  const now = useSalonNow();
  const start = from < dateOf(now) ? dateOf(now) : from;
  const [slots, setSlots] = useState<FreeSlot[] | null>(null);
  const [busy, setBusy] = useState(false);
  // Asked for, not kept live: nothing runs while the form is on its way to the timetable.
  const search = async () => {
    if (!db || !salonId) return;
    setBusy(true);
    try {
      const to = addDays(start, SEARCH_DAYS - 1);
      const [cabinets, work, booked] = await Promise.all([
        salonCabinets(db, salonId),
        workingTimesOfDays(db, salonId, addDays(start, -1), to),
        appointmentsOfDays(db, salonId, addDays(start, -1), to),
      ]);
      const request = { services: [{ id: service.id, groupId: service.groupId, duration }], masterId: master.id, from: start, to, now };
      const hours = { startAt: schedule.startAt, endAt: schedule.endAt };
      const source = { masters: [master], cabinets, work, booked: booked.filter((a) => !a.archived), hours };
      setSlots(freeSlots(request, source, { step: schedule.step, noticeMinutes: 0, horizonDays: SEARCH_DAYS + 366 }).slice(0, OFFERED));
    } finally {
      setBusy(false);
    }
  };
  if (!slots)
    return (
      <Button variant="ghost" isPending={busy} onPress={() => void search()}>
        {t('appointment.findNextFree')}
      </Button>
    );
  return (
    <div className="next-free-times" data-testid="next-free-times">
      <p className="section-note">
        {slots.length ? t('appointment.nextFree', { master: master.firstName }) : t('appointment.nextFreeNone', { days: SEARCH_DAYS })}
      </p>
      <div className="pick-list-actions">
        {slots.map((slot) => (
          <Button key={slot.startAt} variant="secondary" onPress={() => onChoose(dateOf(slot.startAt), minutesOfDay(slot.startAt))}>
            {`${dayText(dateOf(slot.startAt))} ${formatHour(minutesOfDay(slot.startAt), schedule.format)}`}
          </Button>
        ))}
      </div>
    </div>
  );
}
