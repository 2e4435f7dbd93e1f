import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_SALON_SETTINGS, type ScheduleSettings } from '../../domain/rules/salon-defaults';
import { formatMinutes, type TimeFormat } from '../../domain/rules/settings';
import { durationParts, spanMinutes, workingRange } from '../../domain/rules/working-time';
import { addDays } from '../../domain/rules/time';
import type { WorkingTimeFormValues } from '../../domain/schemas/working-time';
import type { MasterRow, WorkingTimeRow } from '../../domain/entities';
import { useT } from '../../i18n';
import { DayPicker } from '../day-picker';
import { readAreaState, writeAreaState } from '../area-state';
import { searchDate } from '../search-fields';
import { useSession } from '../session/use-session';
import { Button } from '../button';
import { GenerateScheduleDialog } from './generate-schedule-dialog';
import { useMasters, useWorkingTimesOn } from '../salon/use-salon-setup';
import { valuesOfWorkingTime, WorkingTimeDialog, type WorkingTimeTarget } from './working-time-dialog';
import { reopenStore, useReopened } from '../sync/reopen-store';
import { usePendingRows } from '../sync/use-pending';
import { isAdministrator } from '../../domain/roles';
import { useSalonToday } from '../salon/use-salon';
import { COARSE_POINTER, useMediaQuery } from '../use-media-query';

const route = getRouteApi('/salon/settings/schedule');
const DATE_KEY = 'schedule.date';

/** 'Hour height 60 minutes per row; default cell height 40 px; a working block shows times when its height is at least 80' (part 2 §9). */
export const HOUR_PX = 40;
const TIMES_FROM_PX = 80;
/** The master the Master Appointments calendar opens with (part 2 §2), kept for the browser session. */
export const CURRENT_MASTER_KEY = 'masterAppointments.master';

const fullName = (m: MasterRow) => `${m.firstName} ${m.lastName}`.trim();

/**
 * Schedule Settings (part 2 §2): masters as columns, the salon's time cells as rows for one date. A cell
 * opens Add working time with one step from its time; a block opens its edit dialog; a master's header opens
 * his appointments calendar. Everything reads the mirror and writes through commands, so it works offline.
 */
export function SchedulePage() {
  const t = useT();
  const session = useSession();
  const navigate = useNavigate();
  const { date: dateParam } = route.useSearch();
  const routeNavigate = route.useNavigate();
  const today = useSalonToday();
  // The date shown is kept for the session (part 1 §1); the address wins.
  const date = dateParam || searchDate(readAreaState(DATE_KEY)) || today;
  useEffect(() => writeAreaState(DATE_KEY, date), [date]);
  const masters = useMasters();
  const times = useWorkingTimesOn(date);
  const pending = usePendingRows();
  const reopened = useReopened('workingTime');
  const [target, setTarget] = useState<WorkingTimeTarget | null>(null);
  const [generating, setGenerating] = useState(false);
  const mayEdit = isAdministrator({ role: session?.role ?? 'MASTER', isOwner: Boolean(session?.isOwner) });
  const schedule: ScheduleSettings = session?.salonSettings?.schedule ?? DEFAULT_SALON_SETTINGS.schedule;
  const range = workingRange(schedule);
  const rows = useMemo(() => {
    const out: number[] = [];
    for (let m = range.startAt; m < range.endAt; m += range.step) out.push(m);
    return out;
  }, [range.startAt, range.endAt, range.step]);
  const sortedMasters = useMemo(() => [...(masters ?? [])].sort((a, b) => fullName(a).localeCompare(fullName(b))), [masters]);

  // A refused offline change comes back to its dialog (DESIGN.md §5.4).
  useEffect(() => {
    if (!reopened || !masters) return;
    const values = reopened.values as WorkingTimeFormValues & { masterId: string; date: string; workingTimeId: string | null };
    const master = masters.find((m) => m.id === values.masterId);
    reopenStore.set(null);
    if (!master) return;
    if (values.date !== date) void routeNavigate({ search: { date: values.date } });
    setTarget({
      master,
      date: values.date,
      workingTime: null,
      values: { start: values.start, end: values.end },
      refusal: reopened.error,
      conflictId: reopened.conflictId,
      ...(values.workingTimeId
        ? {
            workingTime: {
              id: values.workingTimeId,
              salonId: master.salonId,
              masterId: master.id,
              cabinetId: null,
              startAt: '',
              endAt: '',
            },
          }
        : {}),
    });
  }, [reopened, masters, date, routeNavigate]);

  const openMaster = (master: MasterRow) => {
    writeAreaState(CURRENT_MASTER_KEY, master.id);
    void navigate({ to: '/salon/$', params: { _splat: 'master-appointments' } });
  };
  const setDate = (next: string) => void routeNavigate({ search: { date: next } });
  // A step's cell is a target: 24 px at least (WCAG 2.5.8), 44 px on touch (issue 63); an hour is 40 px unless that needs more.
  const coarse = useMediaQuery(COARSE_POINTER);
  const hourPx = Math.max(HOUR_PX, ((coarse ? 44 : 24) * 60) / range.step);
  const blockHeight = (start: number, end: number) => ((end - start) / 60) * hourPx;
  const rowHeight = (range.step / 60) * hourPx;

  return (
    <section className="page">
      <div className="page-header">
        <h1 className="page-title">{t('screen.schedule')}</h1>
        <div className="schedule-toolbar">
          {mayEdit ? (
            <Button variant="primary" onPress={() => setGenerating(true)}>
              {t('schedule.generate.button')}
            </Button>
          ) : null}
          <Button variant="ghost" aria-label={t('schedule.previousDay')} onPress={() => setDate(addDays(date, -1))}>
            ‹
          </Button>
          <DayPicker value={date} onChange={setDate} label={t('schedule.date')} />
          <Button variant="ghost" aria-label={t('schedule.nextDay')} onPress={() => setDate(addDays(date, 1))}>
            ›
          </Button>
        </div>
      </div>
      {masters && masters.length === 0 ? <p className="empty">{t('schedule.noMasters')}</p> : null}
      {sortedMasters.length > 0 ? (
        <div
          className="schedule-grid"
          role="grid"
          aria-label={t('schedule.grid')}
          // The time column fits '08:00 AM' on one line in the 12-hour format.
          style={{ gridTemplateColumns: `${schedule.format === 'HH:mm' ? 64 : 84}px repeat(${sortedMasters.length}, minmax(120px, 1fr))` }}
        >
          <div role="row" className="schedule-head">
            <span role="columnheader" className="schedule-corner">
              {t('schedule.time')}
            </span>
            {sortedMasters.map((m) => (
              <span role="columnheader" key={m.id}>
                <button
                  type="button"
                  className="schedule-master"
                  aria-label={t('schedule.openMaster', { name: fullName(m) })}
                  onClick={() => openMaster(m)}
                >
                  {fullName(m)}
                </button>
              </span>
            ))}
          </div>
          <div role="row" className="schedule-body">
            <div role="rowheader" className="schedule-times">
              {rows.map((m) => (
                <div key={m} className="schedule-time" style={{ height: rowHeight }}>
                  {m % 60 === 0 || range.step >= 60 ? formatMinutes(m, schedule.format) : ''}
                </div>
              ))}
            </div>
            {sortedMasters.map((master) => {
              const own = (times ?? []).filter((w) => w.masterId === master.id);
              // A step under a working block is the block's: no Add target hidden beneath it (axe's target size).
              const spans = own.map(spanMinutes);
              const covered = (m: number) => spans.some((s) => s && m < s.end && m + range.step > s.start);
              return (
                <div
                  role="gridcell"
                  key={master.id}
                  className="schedule-column"
                  data-testid={`schedule-column-${master.id}`}
                  style={{ height: rows.length * rowHeight }}
                >
                  {mayEdit
                    ? rows.map((m) =>
                        covered(m) ? (
                          <div key={m} style={{ height: rowHeight }} aria-hidden />
                        ) : (
                          <button
                            type="button"
                            key={m}
                            className="schedule-cell"
                            style={{ height: rowHeight }}
                            aria-label={t('schedule.addTimeFor', { name: fullName(master), time: formatMinutes(m, schedule.format) })}
                            onClick={() =>
                              setTarget({
                                master,
                                date,
                                workingTime: null,
                                values: { start: m, end: Math.min(m + range.step, range.endAt) },
                              })
                            }
                          >
                            <span className="schedule-cell-label">{t('schedule.addTime')}</span>
                          </button>
                        ),
                      )
                    : null}
                  {own.map((w) => (
                    <Block
                      key={w.id}
                      w={w}
                      master={master}
                      top={range.startAt}
                      format={schedule.format}
                      height={blockHeight}
                      isPending={pending.has(`workingTimes:${w.id}`)}
                      onOpen={mayEdit ? () => setTarget({ master, date, workingTime: w, values: valuesOfWorkingTime(w) }) : undefined}
                    />
                  ))}
                </div>
              );
            })}
          </div>
        </div>
      ) : null}
      {target ? (
        <WorkingTimeDialog
          key={`${target.master.id}-${target.workingTime?.id ?? 'new'}`}
          target={
            target.workingTime && !target.workingTime.startAt
              ? { ...target, workingTime: (times ?? []).find((w) => w.id === target.workingTime?.id) ?? target.workingTime }
              : target
          }
          schedule={schedule}
          dayTimes={(times ?? []).filter((w) => w.masterId === target.master.id)}
          onClose={() => setTarget(null)}
        />
      ) : null}
      {generating ? <GenerateScheduleDialog masters={sortedMasters} date={date} onClose={() => setGenerating(false)} /> : null}
    </section>
  );
}

function Block({
  w,
  master,
  top,
  height,
  isPending,
  onOpen,
  format,
}: {
  w: WorkingTimeRow;
  master: MasterRow;
  top: number;
  format: TimeFormat;
  height: (a: number, b: number) => number;
  isPending: boolean;
  onOpen?: () => void;
}) {
  const t = useT();
  const m = spanMinutes(w);
  if (!m) return null;
  const px = height(m.start, m.end);
  const { hours, minutes } = durationParts(w);
  const label = t('schedule.block', { name: fullName(master), start: formatMinutes(m.start, format), end: formatMinutes(m.end, format) });
  return (
    <button
      type="button"
      className={`schedule-block${isPending ? ' is-pending' : ''}`}
      style={{ top: height(top, m.start), height: px }}
      aria-label={label}
      disabled={!onOpen}
      onClick={onOpen}
    >
      <span className="schedule-block-duration">{t('schedule.duration', { hours, minutes })}</span>
      {px >= TIMES_FROM_PX ? (
        <span className="schedule-block-times">{`${formatMinutes(m.start, format)} – ${formatMinutes(m.end, format)}`}</span>
      ) : null}
      {isPending ? <span className="badge badge-pending">{t('status.pendingBadge')}</span> : null}
    </button>
  );
}

/** The read-only date picker of the header (part 2 §2): a calendar with weeks from Monday. */
