const GAP = 8;

interface Size {
  width: number;
  height: number;
}
type Box = Pick<DOMRect, 'top' | 'bottom' | 'left' | 'right'>;

/**
 * Where a card's popup goes in the window: beside the card (right, else left) where a side has room for it, else
 * below the card, else above it, else over the card's foot as low as the window allows; always inside the window.
 */
export function popupPlace(card: Box, popup: Size, view: Size): { left: number; top: number } {
  const fitTop = (top: number) => Math.max(GAP, Math.min(top, view.height - popup.height - GAP));
  const fitLeft = (left: number) => Math.max(GAP, Math.min(left, view.width - popup.width - GAP));
  if (card.right + GAP + popup.width + GAP <= view.width) return { left: card.right + GAP, top: fitTop(card.top) };
  if (card.left - GAP - popup.width >= GAP) return { left: card.left - GAP - popup.width, top: fitTop(card.top) };
  const left = fitLeft(card.left);
  if (card.bottom + GAP + popup.height + GAP <= view.height) return { left, top: card.bottom + GAP };
  if (card.top - GAP - popup.height >= GAP) return { left, top: card.top - GAP - popup.height };
  return { left, top: fitTop(card.bottom) };
}
