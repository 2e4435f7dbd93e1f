/** Small line icons drawn inline (no icon font, no emoji: kiosk tablets often lack colour-emoji fonts). */
type IconName =
  'menu' | 'calendar' | 'cash' | 'card' | 'gift' | 'ticket' | 'cake' | 'user' | 'chevronLeft' | 'chevronRight' | 'trash' | 'warning';

const PATHS: Record<IconName, string> = {
  warning: 'M12 3L2 20h20zM12 9.5v5M12 17v1',
  calendar: 'M4 6h16v14H4zM4 10h16M8 3v5M16 3v5',
  cash: 'M3 7h18v10H3zM12 9.5a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5M6 10v4M18 10v4',
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  gift: 'M4 10h16v10H4zM3 7h18v3H3zM12 7v13M12 7c-2-4-6-3-5 0M12 7c2-4 6-3 5 0',
  ticket: 'M4 7h16v3a2 2 0 0 0 0 4v3H4v-3a2 2 0 0 0 0-4zM14 7v10',
  cake: 'M4 20h16v-7H4zM4 16c2 1.5 4 1.5 6 0s4-1.5 6 0 3 1 4 0M12 13V9M12 4.5c.8.8.8 2 0 2.5-.8-.5-.8-1.7 0-2.5',
  user: 'M12 12a4 4 0 1 0 0-8a4 4 0 1 0 0 8M4 21c1-4 4.5-6 8-6s7 2 8 6',
  chevronLeft: 'M15 5l-7 7 7 7',
  chevronRight: 'M9 5l7 7-7 7',
  trash: 'M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3',
  menu: 'M4 6h16M4 12h16M4 18h16',
};

export function Icon({ name, label, size = 18 }: { name: IconName; label?: string; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {label ? <title>{label}</title> : null}
      <path d={PATHS[name]} />
    </svg>
  );
}
