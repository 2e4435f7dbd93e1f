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
