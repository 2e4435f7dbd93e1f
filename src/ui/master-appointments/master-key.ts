/**
 * The master the calendar shows, kept for the browser session (part 1 §9; the timetable's column heads and
 * the schedule screen set it too). A module of its own: the timetable sets it without loading the calendar.
 */
export const MASTER_KEY = 'masterAppointments.master';
