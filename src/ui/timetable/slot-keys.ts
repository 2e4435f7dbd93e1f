import type { KeyboardEvent } from 'react';

/**
 * The free slots of a time grid take one Tab stop per column (issue 63: 63 presses once reached a 15:00 card):
 * the arrows move among them, up and down by a step, left and right to the same time of the next column; Home
 * and End go to the column's first and last slot, Page Up and Page Down by an hour. The slot moved to becomes the
 * column's Tab stop (a roving tabindex, as in the WAI-ARIA grid pattern).
 */
export function moveSlotFocus(event: KeyboardEvent<HTMLElement>, perHour: number) {
  const from = event.target;
  if (!(from instanceof HTMLButtonElement) || !from.classList.contains('tt-slot')) return;
  const box = event.currentTarget;
  const slots = [...box.querySelectorAll<HTMLButtonElement>(':scope > .tt-slot')];
  const i = slots.indexOf(from);
  let to: HTMLButtonElement | undefined;
  switch (event.key) {
    case 'ArrowUp':
      to = slots[i - 1];
      break;
    case 'ArrowDown':
      to = slots[i + 1];
      break;
    case 'PageUp':
      to = slots[Math.max(0, i - perHour)];
      break;
    case 'PageDown':
      to = slots[Math.min(slots.length - 1, i + perHour)];
      break;
    case 'Home':
      to = slots[0];
      break;
    case 'End':
      to = slots[slots.length - 1];
      break;
    case 'ArrowLeft':
    case 'ArrowRight':
      to = besideSlot(box, i, event.key === 'ArrowLeft' ? -1 : 1);
      break;
    default:
      return;
  }
  event.preventDefault();
  if (!to || to === from) return;
  // Each column keeps one Tab stop: the slot left here, or the one arrived at in the next column.
  const toBox = to.parentElement;
  if (toBox === box) from.tabIndex = -1;
  else toBox?.querySelectorAll<HTMLButtonElement>(':scope > .tt-slot[tabindex="0"]').forEach((s) => (s.tabIndex = -1));
  to.tabIndex = 0;
  to.focus();
}

/** The slot at the same index in the column `direction` columns away (same hours in every column of a grid). */
function besideSlot(box: HTMLElement, index: number, direction: -1 | 1): HTMLButtonElement | undefined {
  const grid = box.closest('.tt-body');
  if (!grid) return undefined;
  const boxes = [...grid.querySelectorAll<HTMLElement>('.tt-slots')];
  const next = boxes[boxes.indexOf(box) + direction];
  return next ? [...next.querySelectorAll<HTMLButtonElement>(':scope > .tt-slot')][index] : undefined;
}
