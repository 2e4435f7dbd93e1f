// react-big-calendar for the timetable comparison (DESIGN.md §10): only the bench page imports it and its
// CSS; the app never does. momentLocalizer because moment comes with react-big-calendar (date-fns is not
// installed), so the comparison needs no dependency of its own.
import moment from 'moment';
import { Calendar, momentLocalizer, Views } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import './rbc-day.css';
import type { ScheduleSettings } from '../../../src/domain/rules/salon-defaults';
import type { DayData } from '../../../src/ui/timetable/use-timetable-day';

const localizer = momentLocalizer(moment);

interface Resource {
  id: string;
  title: string;
}
interface Event {
  id: string;
  title: string;
  start: Date;
  end: Date;
  resourceId: string;
}
export interface RbcDayData {
  day: Date;
  min: Date;
  max: Date;
  resources: Resource[];
  events: Event[];
}

/** 'YYYY-MM-DD HH:mm' wall time as a local Date (react-big-calendar works in the browser's zone). */
const local = (wall: string) =>
  new Date(
    Number(wall.slice(0, 4)),
    Number(wall.slice(5, 7)) - 1,
    Number(wall.slice(8, 10)),
    Number(wall.slice(11, 13)),
    Number(wall.slice(14, 16)),
  );
const at = (date: string, minutes: number) =>
  local(`${date} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`);

/** The same day as react-big-calendar's resources (the columns) and events, prepared before the timing starts. */
export function toRbc(data: DayData, date: string, schedule: ScheduleSettings, walkIn: string): RbcDayData {
  const events = data.appointments.map((a) => {
    const client = a.clientId ? data.clients.get(a.clientId) : undefined;
    return {
      id: a.id,
      title: client ? `${client.firstName} ${client.lastName}` : walkIn,
      start: local(a.startAt),
      end: local(a.endAt),
      resourceId: a.masterId ?? '',
    };
  });
  return {
    day: at(date, 0),
    min: at(date, schedule.startAt),
    max: at(date, Math.min(schedule.endAt, 24 * 60 - 1)),
    resources: data.providers.map((p) => ({ id: p.id, title: p.name })),
    events,
  };
}

/** The resource day view: one column per master, 15-minute slots, hours as high as ours (rbc-day.css), in a box as high as the app's timetable. */
export function RbcDay({ data, step }: { data: RbcDayData; step: number }) {
  return (
    <div style={{ height: 'calc(100vh - 210px)' }}>
      <Calendar<Event, Resource>
        localizer={localizer}
        events={data.events}
        resources={data.resources}
        resourceIdAccessor="id"
        resourceTitleAccessor="title"
        defaultView={Views.DAY}
        views={[Views.DAY]}
        date={data.day}
        onNavigate={() => {}}
        step={step}
        timeslots={60 / step}
        min={data.min}
        max={data.max}
        toolbar={false}
      />
    </div>
  );
}
