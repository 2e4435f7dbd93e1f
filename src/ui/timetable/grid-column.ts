import type { AppointmentRow } from '../../domain/entities';
import type { Provider } from './day-data';

/**
 * One column of a time grid: a master or cabinet on the day timetable, or one day of a master on the Master
 * Appointments calendar. `id` is what a drop lands on. Its own file, apart from time-grid.tsx, because the grid's
 * parts (cards, drag and drop) that time-grid.tsx renders need it too.
 */
/**
 * What came of a drop (spoken to screen readers once known): moved, left where it was, or refused (the page's
 * alert then says why, so nothing is said first that the refusal would contradict).
 */
export type MoveOutcome = 'moved' | 'stayed' | 'refused';

export interface GridColumn {
  id: string;
  label: string;
  /** Whose column: its working time is shaded open, its cards show the other provider. */
  provider: Provider;
  date: string;
  appointments: AppointmentRow[];
}
