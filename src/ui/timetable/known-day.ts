import type { KnownRows } from '../../sync/submit-command';
import type { DayData } from './day-data';

/**
 * What the timetable holds of its day, for a move's preview (issue 65 item 2, decision 052): the day's live
 * appointments, the salon's masters, cabinets and services, and which appointments are paid.
 */
export function knownDay(day: DayData, date: string): KnownRows {
  return {
    date,
    appointments: day.appointments.filter((a) => !a.archived),
    ids: new Set([...day.names.keys(), ...day.services.keys()]),
    paid: new Set([...day.invoices.values()].flatMap((invoice) => (invoice.paid && invoice.appointmentId ? [invoice.appointmentId] : []))),
  };
}
