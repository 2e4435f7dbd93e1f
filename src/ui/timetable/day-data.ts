import type { AppointmentRow, ClientRow, InvoiceRow, ServiceGroupRow, ServiceRow, WorkingTimeRow } from '../../domain/entities';

/*
 * What a timetable day shows. Its own file, apart from the hook that reads it (use-timetable-day.ts, which
 * re-exports these), so that share-rows.ts, which the hook uses, can name them without importing the hook back.
 */

export type TimetableMode = 'masters' | 'cabinets';

export interface Provider {
  id: string;
  kind: 'master' | 'cabinet';
  name: string;
  serviceGroupIds: string[];
  schedule: WorkingTimeRow[];
}

export interface DayData {
  providers: Provider[];
  appointments: AppointmentRow[];
  services: Map<string, ServiceRow>;
  groups: Map<string, ServiceGroupRow>;
  clients: Map<string, ClientRow>;
  invoices: Map<string, InvoiceRow>;
  /** Names of every master and cabinet of the salon, for cards and popups. */
  names: Map<string, string>;
}
