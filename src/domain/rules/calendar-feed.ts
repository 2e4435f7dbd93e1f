import type { NameVariants } from '../entities';
import { nameIn } from './names';
import { addDays } from './time';
import { WORKING_DAYS_AHEAD } from './working-days';

/**
 * A master's private calendar feed (issue 58 item 5, decision 087): the master's own appointments from 30 days back
 * to the salon's horizon (the working days' window), each with its service, the client's first name and the
 * cabinet, and nothing else of the client (no phone, no notes). Archived appointments (late cancellations among
 * them) are off the timetable and off the feed.
 */
export const FEED_DAYS_BACK = 30;

/** The salon dates a feed covers on `today` ('YYYY-MM-DD'): the first and the last, both included. */
export function feedRange(today: string): { from: string; to: string } {
  return { from: addDays(today, -FEED_DAYS_BACK), to: addDays(today, WORKING_DAYS_AHEAD) };
}

export interface FeedAppointment {
  id: string;
  /** Salon wall times 'YYYY-MM-DD HH:mm'. */
  startAt: string;
  endAt: string;
  archived: boolean;
  serviceNames: NameVariants | null;
  clientFirstName: string | null;
  cabinetNames: NameVariants | null;
}

export interface FeedEvent {
  id: string;
  startAt: string;
  endAt: string;
  /** The service, then the client's first name: "Haircut · Anna"; a walk-in is the service alone. */
  summary: string;
  /** The cabinet's name, or '' when the appointment has none. */
  location: string;
}

/** The events of a feed in `language`, in time order, of the appointments inside `range`. */
export function feedEvents(rows: readonly FeedAppointment[], language: string, range: { from: string; to: string }): FeedEvent[] {
  return rows
    .filter((row) => !row.archived && row.startAt.slice(0, 10) >= range.from && row.startAt.slice(0, 10) <= range.to)
    .sort((a, b) => (a.startAt === b.startAt ? (a.id < b.id ? -1 : 1) : a.startAt < b.startAt ? -1 : 1))
    .map((row) => {
      const service = nameIn(row.serviceNames, language);
      const client = row.clientFirstName?.trim() ?? '';
      return {
        id: row.id,
        startAt: row.startAt,
        endAt: row.endAt,
        summary: client ? `${service} · ${client}` : service,
        location: nameIn(row.cabinetNames, language),
      };
    });
}
