import type { Page } from '@playwright/test';

/**
 * The controls on screen smaller than 44 x 44 px (WCAG 2.5.5, issue 63), as 'tag "name" w x h'. Left out: the
 * timetable's empty time slots (the grid's own height; New Appointment does the same) and controls hidden or
 * off screen, or visually hidden for screen readers only. Run on a coarse pointer (a touch context), where the stylesheet sizes controls for fingers.
 */
export function smallTargets(page: Page, min = 44): Promise<string[]> {
  return page.evaluate((min) => {
    const selector =
      'button, a[href], input:not([type=hidden]), select, textarea, [role=button], [role=tab], [role=option], [role=menuitem], [role=checkbox], [role=radio], [role=switch]';
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.closest('.tt-slots, .visually-hidden, [aria-hidden=true], [inert]')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // Visually hidden for screen readers only (react-aria's Dismiss of an overlay, in a clipped wrapper): no finger finds it.
      let clipped = false;
      for (let node: HTMLElement | null = el; node && !clipped; node = node.parentElement)
        clipped = getComputedStyle(node).clipPath === 'inset(50%)';
      if (clipped) continue;
      // A native input drawn by its label (a checkbox, a radio) is measured as the label.
      const target = (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') ? el.closest('label') : el) ?? el;
      const r = target.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || r.bottom < 0 || r.right < 0 || r.top > innerHeight || r.left > innerWidth) continue;
      if (r.width + 0.5 < min || r.height + 0.5 < min) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30);
        out.push(`${el.tagName.toLowerCase()} "${name}" ${Math.round(r.width)}x${Math.round(r.height)}`);
      }
    }
    return out;
  }, min);
}
