import { useEffect, useState } from 'react';

/**
 * Per-area screen state kept for the browser session (part 1 §1: search text for clients, inventory, staff…;
 * part 1 §9 'session storage keys'), so leaving a screen and coming back keeps it. Cleared at sign-out.
 */
const PREFIX = 'salon-panel.area.';

export function readAreaState(key: string): string | null {
  try {
    return sessionStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

export function writeAreaState(key: string, value: string): void {
  try {
    if (value) sessionStorage.setItem(PREFIX + key, value);
    else sessionStorage.removeItem(PREFIX + key);
  } catch {
    // Storage refused (private mode): the state lives in the address only.
  }
}

export function clearAreaState(): void {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // Nothing kept.
  }
}

/**
 * A text of a screen (its search) kept for the session under `key`: starts from what was kept, keeps what is set
 * (issue 60 item 1). Returns the value and its setter, like useState.
 */
export function useKeptText(key: string): [string, (value: string) => void] {
  const [value, setValue] = useState(() => readAreaState(key) ?? '');
  useEffect(() => writeAreaState(key, value), [key, value]);
  return [value, setValue];
}

/**
 * A chosen set of a screen (its multi-select filter) kept for the session under `key` (issue 60 item 1): ids
 * joined by commas.
 */
export function useKeptSet(key: string): [Set<string>, (value: Set<string>) => void] {
  const [value, setValue] = useState(() => new Set((readAreaState(key) ?? '').split(',').filter(Boolean)));
  useEffect(() => writeAreaState(key, [...value].join(',')), [key, value]);
  return [value, setValue];
}

/** A day range of a screen kept for the session under `key`: the kept one when `valid` takes it, else `initial`. */
export function useKeptRange<R extends { from: string; to: string }>(
  key: string,
  initial: () => R,
  valid: (range: { from: string; to: string }) => boolean = () => true,
): [R, (value: R) => void] {
  const [value, setValue] = useState<R>(() => {
    const [from, to] = (readAreaState(key) ?? '').split(',');
    const kept = from && to && ISO_DAY.test(from) && ISO_DAY.test(to) && from <= to ? { ...initial(), from, to } : null;
    return kept && valid(kept) ? kept : initial();
  });
  useEffect(() => writeAreaState(key, `${value.from},${value.to}`), [key, value]);
  return [value, setValue];
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
