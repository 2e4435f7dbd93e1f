import { describe, expect, it } from 'vitest';
import { popupPlace } from './popup-place';

const view = { width: 1280, height: 720 };
const popup = { width: 320, height: 330 };
const card = (left: number, right: number, top: number, bottom: number) => ({ left, right, top, bottom });

describe('popupPlace', () => {
  it('puts the popup right of the card where it fits, its top kept inside the window', () => {
    expect(popupPlace(card(100, 400, 100, 160), popup, view)).toEqual({ left: 408, top: 100 });
    expect(popupPlace(card(100, 400, 600, 660), popup, view)).toEqual({ left: 408, top: 382 });
  });
  it('puts it left of the card when the right has no room', () => {
    expect(popupPlace(card(900, 1250, 100, 160), popup, view)).toEqual({ left: 572, top: 100 });
  });
  it('puts it below, else above, a card as wide as the window, never over it', () => {
    expect(popupPlace(card(110, 1250, 100, 160), popup, view)).toEqual({ left: 110, top: 168 });
    const low = popupPlace(card(110, 1250, 600, 680), popup, view);
    expect(low).toEqual({ left: 110, top: 262 });
    expect(low.top + popup.height).toBeLessThanOrEqual(600);
  });
  it('stays inside the window when no side has room (a tall card on a phone)', () => {
    const place = popupPlace(card(10, 380, 100, 700), popup, { width: 390, height: 844 });
    expect(place.left).toBeGreaterThanOrEqual(8);
    expect(place.left + popup.width).toBeLessThanOrEqual(390 - 8);
    expect(place.top + popup.height).toBeLessThanOrEqual(844 - 8);
  });
});
