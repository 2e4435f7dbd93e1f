import { minutesOfDay } from './time';

/**
 * The day timetable's geometry (part 1 §2, §9): which providers get a column and in what order, the hour
 * rows split by the salon step, card positions with overlapping cards side by side on 15-minute slots, and
 * which card details fit a card's height. Pure, so the screen, the bench and the tests share it.
 */

/** Providers are ordered by the type of their service groups (part 1 §9). */
export const GROUP_TYPE_ORDER = ['HAIRDRESSER', 'COSMETOLOGIST', 'MANICURE', 'OTHER'] as const;
export type GroupType = (typeof GROUP_TYPE_ORDER)[number];

/** Rank of a provider: its first group type in the order above; none last. */
export function providerRank(groupTypes: readonly (string | null | undefined)[]): number {
  let best: number = GROUP_TYPE_ORDER.length;
  for (const type of groupTypes) {
    const i = GROUP_TYPE_ORDER.indexOf((type ?? 'OTHER') as GroupType);
    if (i >= 0 && i < best) best = i;
  }
  return best;
}

/** Default row height of one hour and the header height, px (part 1 §9). */
export const CELL_HEIGHT = 40;

/** Whole salon steps a vertical drag of `deltaPx` means: one 40 px cell is one step (decision 021). */
export function stepsOf(deltaPx: number, cellHeight = CELL_HEIGHT): number {
  const steps = Math.round(deltaPx / cellHeight);
  return steps === 0 ? 0 : steps;
}
export const HEADER_HEIGHT = 40;
export const TIME_COLUMN_WIDTH = 90;
export const MIN_COLUMN_WIDTH = 120;
/** Overlapping cards are laid out on slots of this many minutes (part 1 §2). */
export const LAYOUT_SLOT = 15;

/**
 * 'column width = (window width minus 100, or minus 116 when step is 15) divided by number of providers',
 * never under 120 px (then the timetable scrolls sideways).
 */
export function columnWidth(windowWidth: number, step: number, providers: number): number {
  if (providers <= 0) return MIN_COLUMN_WIDTH;
  return Math.max(MIN_COLUMN_WIDTH, Math.floor((windowWidth - (step === 15 ? 116 : 100)) / providers));
}

/** Whole hours shown for the salon's schedule (minutes from midnight), e.g. 480..1200 → 8..19. */
export function hoursOf(schedule: { startAt: number; endAt: number }): number[] {
  const first = Math.floor(schedule.startAt / 60);
  const last = Math.ceil(schedule.endAt / 60);
  return Array.from({ length: Math.max(0, last - first) }, (_, i) => first + i);
}

/** Minutes of the slots of one hour for a step: 30 → [0, 30]. */
export function slotsOfHour(step: number): number[] {
  const s = step > 0 && step <= 60 ? step : 60;
  return Array.from({ length: Math.floor(60 / s) }, (_, i) => i * s);
}

/** A card's vertical place in px, from the first shown hour. */
export function cardBox(startAt: string, endAt: string, firstHour: number, hourHeight = CELL_HEIGHT): { top: number; height: number } {
  const start = minutesOfDay(startAt) - firstHour * 60;
  let end = minutesOfDay(endAt) - firstHour * 60;
  if (endAt.slice(0, 10) > startAt.slice(0, 10)) end = 24 * 60 - firstHour * 60;
  return { top: (start / 60) * hourHeight, height: Math.max(((end - start) / 60) * hourHeight, 4) };
}

/** What fits on a card: service name from 49 px, master or cabinet from 59 px, times from 80 px (part 1 §2). */
export function cardDetails(heightPx: number): { service: boolean; provider: boolean; times: boolean } {
  return { service: heightPx >= 49, provider: heightPx >= 59, times: heightPx >= 80 };
}

export interface Span {
  id: string;
  startAt: string;
  endAt: string;
}

export interface Lane {
  /** 0-based lane of the card within its group of overlapping cards. */
  lane: number;
  /** How many lanes that group needs: the card is 1/lanes of the column wide. */
  lanes: number;
}

/**
 * Side-by-side layout of one column's cards: times are widened to whole 15-minute slots, cards whose slots
 * overlap form a group, and each card takes the first lane free at its start. Deterministic for any input
 * order (sorted by start, then longer first, then id).
 */
export function layoutLanes(spans: readonly Span[]): Map<string, Lane> {
  const slot = (wall: string, up: boolean) => {
    const m = minutesOfDay(wall) + (wall.slice(0, 10) === spans[0]?.startAt.slice(0, 10) ? 0 : 24 * 60);
    return up ? Math.ceil(m / LAYOUT_SLOT) : Math.floor(m / LAYOUT_SLOT);
  };
  const items = spans
    .map((s) => ({ id: s.id, from: slot(s.startAt, false), to: Math.max(slot(s.endAt, true), slot(s.startAt, false) + 1) }))
    .sort((a, b) => a.from - b.from || b.to - a.to || a.id.localeCompare(b.id));
  const result = new Map<string, Lane>();
  let group: { id: string; lane: number }[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -Infinity;
  const close = () => {
    for (const g of group) result.set(g.id, { lane: g.lane, lanes: laneEnds.length });
    group = [];
    laneEnds = [];
  };
  for (const item of items) {
    if (item.from >= groupEnd) close();
    let lane = laneEnds.findIndex((end) => end <= item.from);
    if (lane < 0) {
      lane = laneEnds.length;
      laneEnds.push(item.to);
    } else laneEnds[lane] = item.to;
    group.push({ id: item.id, lane });
    groupEnd = Math.max(groupEnd === -Infinity ? item.to : groupEnd, item.to);
  }
  close();
  return result;
}

/** Whether 'YYYY-MM-DD' `birthday` falls on the same month and day as `date` (the card's birthday icon). */
export function isBirthdayOn(birthday: string | null | undefined, date: string): boolean {
  return Boolean(birthday) && (birthday as string).slice(5, 10) === date.slice(5, 10);
}

/** Top of the current-time line in px, or null outside the shown hours. */
export function nowLineTop(nowWall: string, firstHour: number, lastHourExclusive: number, hourHeight = CELL_HEIGHT): number | null {
  const m = minutesOfDay(nowWall);
  if (m < firstHour * 60 || m >= lastHourExclusive * 60) return null;
  return ((m - firstHour * 60) / 60) * hourHeight;
}

/**
 * How much of a view beyond each of its edges a new day's first frame shows too (viewAround): a quarter. On the
 * 900-card day a whole view each way made the first frame twice as slow (bench, 2026-11-26).
 */
export const VIEW_MARGIN = 0.25;

/** A part of a time grid's body in px: x from the body's left edge (the time column included), y from its top. */
export interface GridView {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/**
 * What a new day's first frame shows (decision 049): the scroll box's view (`scroll`, in the body's px), widened
 * by VIEW_MARGIN of it in every direction, so a small scroll made while the rest of the day renders finds cards.
 */
export function viewAround(scroll: { left: number; top: number; width: number; height: number }): GridView {
  const x = scroll.width * VIEW_MARGIN;
  const y = scroll.height * VIEW_MARGIN;
  return { left: scroll.left - x, right: scroll.left + scroll.width + x, top: scroll.top - y, bottom: scroll.top + scroll.height + y };
}

/** Whether the column at `index` (0 for the first after the time column) is in `view`, in part at least. */
export function columnInView(view: GridView, index: number, colWidth: number): boolean {
  const left = TIME_COLUMN_WIDTH + index * colWidth;
  return left < view.right && left + colWidth > view.left;
}

/** Whether a card's box (cardBox) is in `view` vertically, in part at least. */
export function boxInView(view: GridView, box: { top: number; height: number }): boolean {
  return box.top < view.bottom && box.top + box.height > view.top;
}
