/**
 * Start times offered for an appointment line (part 1 §5 'Time options'), minutes from midnight:
 * from the salon's schedule start to its end by the salon step, keeping only starts whose whole appointment
 * lies in the provider's working time, overlaps none of its busy spans, and (master view) fits in the free
 * working time of a cabinet offering the service. When editing an unchanged form the current time stays.
 */
export interface MinuteSpan {
  from: number;
  to: number;
}

export interface TimeOptionsInput {
  schedule: { startAt: number; endAt: number; step: number };
  duration: number;
  /** The master's (or cabinet's) working time that day. */
  working: readonly MinuteSpan[];
  /** Its other appointments that day (not the one being edited, not archived). */
  busy: readonly MinuteSpan[];
  /** Master view: free time of the cabinets offering the service; null when no cabinet offers it. */
  cabinetFree?: readonly MinuteSpan[] | null;
  /** The edited appointment's own start, kept while the form is unchanged. */
  keep?: number | null;
}

const within = (from: number, to: number, spans: readonly MinuteSpan[]) => spans.some((s) => s.from <= from && to <= s.to);
const clashes = (from: number, to: number, spans: readonly MinuteSpan[]) => spans.some((s) => from < s.to && s.from < to);

export function timeOptions(input: TimeOptionsInput): number[] {
  const { schedule, duration } = input;
  const step = schedule.step > 0 ? schedule.step : 30;
  const out: number[] = [];
  for (let t = schedule.startAt; t + duration <= schedule.endAt; t += step) {
    const end = t + duration;
    if (!within(t, end, input.working)) continue;
    if (clashes(t, end, input.busy)) continue;
    if (input.cabinetFree && !within(t, end, input.cabinetFree)) continue;
    out.push(t);
  }
  if (input.keep != null && !out.includes(input.keep)) {
    out.push(input.keep);
    out.sort((a, b) => a - b);
  }
  return out;
}

/** Spans of `working` left after taking out `busy` (a provider's free working time). */
export function freeSpans(working: readonly MinuteSpan[], busy: readonly MinuteSpan[]): MinuteSpan[] {
  let free = [...working].sort((a, b) => a.from - b.from);
  for (const b of busy) {
    free = free.flatMap((s) => {
      if (b.to <= s.from || s.to <= b.from) return [s];
      return [...(b.from > s.from ? [{ from: s.from, to: b.from }] : []), ...(b.to < s.to ? [{ from: b.to, to: s.to }] : [])];
    });
  }
  return free;
}

/** Durations offered: the salon step up to 240 minutes (part 1 §5), plus a current value off that grid. */
export function durationOptions(step: number, current?: number | null): number[] {
  const s = step > 0 ? step : 30;
  const out: number[] = [];
  for (let d = s; d <= 240; d += s) out.push(d);
  if (current && !out.includes(current)) {
    out.push(current);
    out.sort((a, b) => a - b);
  }
  return out;
}

/** The option to preselect: one within 30 minutes either side of now counts as current (part 1 §5). */
export function currentOption(options: readonly number[], nowMinutes: number): number | null {
  let best: number | null = null;
  for (const o of options)
    if (Math.abs(o - nowMinutes) <= 30 && (best === null || Math.abs(o - nowMinutes) < Math.abs(best - nowMinutes))) best = o;
  return best;
}
