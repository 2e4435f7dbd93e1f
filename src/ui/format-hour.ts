/** The salon's one time-of-day formatter (part 2 §5 'hh:mm a' or 'HH:mm'); the timetable imports it from here. */
export { formatMinutes as formatHour } from '../domain/rules/settings';
