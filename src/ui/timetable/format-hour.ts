import type { ScheduleSettings } from '../../domain/rules/salon-defaults';

/** A time of day in the salon's format ('HH:mm' or 'hh:mm a'), from minutes after midnight. */
export const formatHour = (minutes: number, format: ScheduleSettings['format']) => {
  const h = Math.floor(minutes / 60);
  const m = String(minutes % 60).padStart(2, '0');
  if (format === 'HH:mm') return `${String(h).padStart(2, '0')}:${m}`;
  return `${((h + 11) % 12) + 1}:${m} ${h < 12 ? 'am' : 'pm'}`;
};
