// The day timetable on a bench page, for `npm run bench` (DESIGN.md §10): the app's real TimetableGrid and
// cards, and react-big-calendar's resource day view with the same day, mounted in turn and timed to their
// first painted cards. Playwright calls window.timetableBench.* and reads the samples.
import { useRef, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { saveSession } from '../../../src/db/session';
import { DEFAULT_SALON_SETTINGS, type ScheduleSettings } from '../../../src/domain/rules/salon-defaults';
import { newId } from '../../../src/domain/ids';
import { I18nProvider, loadCatalog } from '../../../src/i18n';
import '../../../src/ui/styles.css';
import { syncState } from '../../../src/sync/sync-state';
import { usePendingRows } from '../../../src/ui/sync/use-pending';
import { TimetableGrid } from '../../../src/ui/timetable/timetable-grid';
import { useTimetableDay, type DayData } from '../../../src/ui/timetable/use-timetable-day';
import { start, type Setup } from './engine';
import { nextFrames, paintedAfter, paintedAll } from './paint';
import { RbcDay, toRbc, type RbcDayData } from './rbc-day';

const host = document.getElementById('host') as HTMLElement;
const noop = () => {};
let root: Root | null = null;
let schedule: ScheduleSettings = DEFAULT_SALON_SETTINGS.schedule;

/** The grid as /salon/appointments renders it: in its scroll box, with slots, clickable and draggable cards, hover. */
function Grid({ data, date, pending }: { data: DayData; date: string; pending: Set<string> }) {
  return (
    <div className="tt-scroll">
      <TimetableGrid
        data={data}
        date={date}
        schedule={schedule}
        width={host.clientWidth}
        nowWall={null}
        pending={pending}
        onSlot={noop}
        onCard={noop}
        onHover={noop}
        onMove={() => Promise.resolve('stayed')}
      />
    </div>
  );
}

/** The page's data path: useTimetableDay reading the mirror (a live query), pending rows from the outbox. */
function MirrorDay({ date, onData }: { date: string; onData: (at: number, data: DayData) => void }) {
  const data = useTimetableDay(date, 'masters');
  const pending = usePendingRows();
  const seen = useRef(false);
  if (data && !seen.current) {
    seen.current = true;
    onData(performance.now(), data);
  }
  return data ? <Grid data={data} date={date} pending={pending} /> : null;
}

/**
 * Mounts `node` on a fresh root after the previous one is gone. Resolves with the times of the first frame painted
 * with `selector` (the cards in view, decision 049) and of the frame painted with `all` of them, and how many the
 * first frame had.
 */
async function mountUntilPainted(
  node: ReactNode,
  selector: string,
  all = 1,
): Promise<{ t0: number; painted: number; paintedAll: number; count: number }> {
  root?.unmount();
  host.replaceChildren();
  await nextFrames(3);
  const mount = document.createElement('div');
  host.append(mount);
  root = createRoot(mount);
  let count = 0;
  const painted = paintedAfter(mount, selector).then((at) => {
    count = mount.querySelectorAll(selector).length;
    return at;
  });
  const whole = paintedAll(mount, selector, all);
  const t0 = performance.now();
  root.render(<I18nProvider>{node}</I18nProvider>);
  return { t0, painted: await painted, paintedAll: await whole, count };
}

let day: { date: string; data: DayData; rbc: RbcDayData; cards: number; events: number } | null = null;

/** Syncs the salon into a fresh mirror with the real engine and signs the page in as the app would. */
async function load(setup: Setup, date: string) {
  await loadCatalog('en');
  const s = start(setup, `bench-timetable-${newId()}`);
  await s.sync();
  s.engine.stop();
  const salon = await s.db.mirror('salons').get(setup.salonId);
  // The salon's schedule (hours, 15-minute step) sets the grid's geometry: without it the figures mean little.
  if (!salon) throw new Error('the salon row did not sync');
  schedule = salon.settings.schedule;
  await saveSession({
    id: setup.userId,
    token: setup.token,
    role: 'ADMIN',
    isOwner: true,
    isMaster: false,
    salon: setup.salonId,
    salonName: salon.name,
    salonSettings: salon.settings,
    firstName: 'Bench',
    lastName: 'Owner',
    email: null,
    phone: null,
    salons: [],
    showArchive: false,
  });
  syncState.set({ db: s.db });
  // One pass through the page's own path gives the day's data for the runs fed directly.
  let data: DayData | null = null;
  await mountUntilPainted(<MirrorDay date={date} onData={(_, d) => (data = d)} />, '[data-testid="tt-card"]');
  const loaded = data as DayData | null;
  if (!loaded) throw new Error('no day data');
  // The whole day's cards, once the render after the first frame added those out of view (decision 049).
  await nextFrames(60);
  const cards = host.querySelectorAll('[data-testid="tt-card"]').length;
  const rbc = toRbc(loaded, date, schedule, 'Walk-in client');
  day = { date, data: loaded, rbc, cards, events: rbc.events.length };
  return { providers: loaded.providers.length, appointments: loaded.appointments.length };
}

/**
 * One run of each: the grid fed from the mirror (mount → painted, and the live query's data → painted), the
 * grid fed the same rows directly, and react-big-calendar fed the same rows as events.
 */
async function round() {
  if (!day) throw new Error('load first');
  const { date, data, rbc, cards, events } = day;
  let dataAt = 0;
  const mirror = await mountUntilPainted(<MirrorDay date={date} onData={(at) => (dataAt = at)} />, '[data-testid="tt-card"]', cards);
  const direct = await mountUntilPainted(<Grid data={data} date={date} pending={new Set()} />, '[data-testid="tt-card"]', cards);
  const other = await mountUntilPainted(<RbcDay data={rbc} step={schedule.step} />, '.rbc-event', events);
  root?.unmount();
  root = null;
  host.replaceChildren();
  return {
    mirrorMountMs: mirror.painted - mirror.t0,
    mirrorDataMs: mirror.painted - dataAt,
    mirrorDataAllMs: mirror.paintedAll - dataAt,
    directMs: direct.painted - direct.t0,
    directAllMs: direct.paintedAll - direct.t0,
    rbcMs: other.painted - other.t0,
    cards: { ours: direct.count, oursAll: cards, rbc: other.count },
  };
}

/** Our grid fed from the mirror (for the drag frames), or react-big-calendar, left on screen. */
async function show(what: 'ours' | 'rbc' = 'ours') {
  if (!day) throw new Error('load first');
  if (what === 'rbc') await mountUntilPainted(<RbcDay data={day.rbc} step={schedule.step} />, '.rbc-event');
  else await mountUntilPainted(<MirrorDay date={day.date} onData={noop} />, '[data-testid="tt-card"]');
}

(window as unknown as { timetableBench: unknown }).timetableBench = { load, round, show };
document.body.dataset.ready = 'true';
