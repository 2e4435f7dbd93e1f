/**
 * A card's colours as a class per service colour: its text box (which paints the card, time-grid.css) gets the
 * left border in the colour and the background the colour 18% over white (as `color-mix(in srgb, c 18%,
 * white)`). One rule per colour in a style element of its own, made when a colour first shows, instead of
 * inline styles on every card: setting 900 cards' border and background took a fifth of the render of a busy
 * day (bench), and a custom property per card would give each card and its lines a style of their own.
 */
const HEX = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i;
const classes = new Map<string, string>();
let sheet: CSSStyleSheet | null = null;

/** The colour 18% over white, as rgb() for a hex colour. */
export function tint(color: string): string {
  const hex = HEX.exec(color);
  return hex
    ? `rgb(${hex
        .slice(1)
        .map((h) => Math.round(parseInt(h, 16) * 0.18 + 255 * 0.82))
        .join(', ')})`
    : `color-mix(in srgb, ${color} 18%, white)`;
}

/** The class that gives a card `color` (a hex colour; any other falls back to the default grey). */
export function cardColorClass(color: string): string {
  const known = classes.get(color);
  if (known !== undefined) return known;
  const hex = HEX.exec(color);
  let name = '';
  if (hex && typeof document !== 'undefined') {
    name = `tt-c-${hex.slice(1).join('').toLowerCase()}`;
    if (!sheet) {
      const element = document.createElement('style');
      element.dataset.cardColors = '';
      document.head.append(element);
      sheet = element.sheet as CSSStyleSheet;
    }
    sheet.insertRule(
      `.tt-card.${name} > .tt-card-text { border-left-color: ${color}; background: ${tint(color)}; }`,
      sheet.cssRules.length,
    );
  }
  classes.set(color, name);
  return name;
}

/**
 * Every colour's class made at once, with the day (time-grid.tsx): the first booking of a service whose colour no
 * card of the day had would otherwise add its rule in the booking's own frame, and a rule added to the page's
 * styles makes Chromium look again at every element for it (3 to 4 ms on the busy day, decision 055).
 */
export function makeCardColorClasses(services: Iterable<{ color: string }>): void {
  for (const { color } of services) cardColorClass(color);
}
