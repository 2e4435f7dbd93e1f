import type { AppointmentRow } from '../../domain/entities';
import { lateCancelChoice, lateCancelHoursOf, mayMarkNoShow } from '../../domain/rules/outcomes';
import { canArchivePaid } from '../../domain/rules/permissions';
import { DEFAULT_SALON_SETTINGS } from '../../domain/rules/salon-defaults';
import { useSalonNow, useSalonSettings } from '../salon/use-salon';
import { useSession } from '../session/use-session';

/** What the Edit Appointment dialog and a card's menu offer for one appointment; the server checks each again. */
export interface AppointmentActions {
  /** A paid appointment is locked: no delete (part 1 §2). */
  mayDelete: boolean;
  /** Marking (or taking back) a no-show (decision 079). */
  mayNoShow: boolean;
  mayArchive: boolean;
  /** The delete's late question: ticked, unticked, or not asked (null; decision 079). */
  lateByDefault: boolean | null;
}

export function useAppointmentActions(appointment: AppointmentRow | null, paid: boolean): AppointmentActions | null {
  const now = useSalonNow();
  const salonSettings = useSalonSettings();
  const session = useSession();
  if (!appointment) return null;
  return {
    mayDelete: !paid,
    mayNoShow: appointment.outcome === 'NO_SHOW' || mayMarkNoShow(appointment, paid, now),
    mayArchive: !paid || (session ? canArchivePaid(session, session.salonSettings ?? DEFAULT_SALON_SETTINGS) : false),
    lateByDefault: lateCancelChoice(appointment, paid, now, lateCancelHoursOf(salonSettings)),
  };
}
