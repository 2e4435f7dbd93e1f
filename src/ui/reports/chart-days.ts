/** Half a day in seconds: a day's bar is centred on its midnight and is a day wide at most. */
export const HALF_DAY_SECONDS = 43_200;

/**
 * The revenue chart's x range for days from `first` to `last` (Unix seconds of their midnights): half a day more
 * each side, so the first and last bars are drawn whole instead of cut at the edges (issue 60 item 13).
 */
export const dayBarsRange = (first: number, last: number): [number, number] => [first - HALF_DAY_SECONDS, last + HALF_DAY_SECONDS];
