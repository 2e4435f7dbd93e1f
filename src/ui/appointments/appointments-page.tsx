import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo } from 'react';
import { canBookPastDays } from '../../domain/rules/permissions';
import { reopenedValues } from '../../domain/rules/reopened-booking';
import type { NewAppointmentValues } from '../../domain/schemas/appointment-form';
import { DEFAULT_SALON_SETTINGS } from '../../domain/rules/salon-defaults';
import { addMinutes } from '../../domain/rules/time';
import { useLanguage, useT, withWholeCatalog } from '../../i18n';
import { readAreaState, writeAreaState } from '../area-state';
import { searchDate } from '../search-fields';
import { useSession } from '../session/use-session';
import { useLoadedAfterPaint } from '../after-paint';
import { PlainButton } from '../plain-button';
import { Segmented } from '../segmented';
import { Icon } from '../icons';
import { appointmentDialogs, useAppointmentDialog } from './appointment-dialogs';
import { dayLabel } from './day-label';
import { MASTER_KEY } from '../master-appointments/master-key';
import { reopenStore, useReopened } from '../sync/reopen-store';
import { MoveAlert } from '../timetable/move-alert';
import type { AppointmentRow } from '../../domain/entities';
import type { KnownRows } from '../../sync/submit-command';
import { useHoverCard } from '../timetable/use-hover-card';
import { useMoveAppointment } from '../timetable/use-move-appointment';
import type { Provider, TimetableMode } from '../timetable/use-timetable-day';
import { SaleButton } from '../sales/sale-button';
import { AppointmentDialogsHost, openNewAppointment } from './appointment-dialogs-host';
import { DayTimetable } from './day-timetable';
import { DayPicker } from '../day-picker';
import { useSalonNow } from '../salon/use-salon';
import { useMasters } from '../salon/use-salon-setup';
import { PHONE_WIDTH, useMediaQuery } from '../use-media-query';

const route = getRouteApi('/salon/appointments');
const TAB_KEY = 'appointments.tab';
const DATE_KEY = 'appointments.date';
const VIEW_KEY = 'appointments.view';
const WHO_KEY = 'appointments.who';

// The hover popup loads after the first paint, ready before the first hover rests on a card.
type HoverCardModule = typeof import('./card-popup');
const loadHoverCard = () => withWholeCatalog(import('./card-popup'));
const hoverCardModule: { current: HoverCardModule | null } = { current: null };

const shiftDay = (date: string, days: number) => addMinutes(`${date} 00:00`, days * 24 * 60).slice(0, 10);

/**
 * Appointments page (part 1 §2): tabs 'By masters' (default, remembered for the session) and 'By cabinets',
 * the day picker ('MMM D, dddd', Today, previous and next day), the legend and the day's timetable, all
 * from the mirror, so it opens offline from the installed app.
 */
export function AppointmentsPage() {
  const t = useT();
  const { language } = useLanguage();
  const session = useSession();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const nowWall = useSalonNow();
  const today = nowWall.slice(0, 10);
  // What the session kept is checked like the address: a bad value (another version, a hand edit) is ignored.
  const date = search.date ?? searchDate(readAreaState(DATE_KEY)) ?? today;
  const kept = readAreaState(TAB_KEY);
  const mode: TimetableMode = search.tab ?? (kept === 'cabinets' ? 'cabinets' : 'masters');
  const schedule = session?.salonSettings?.schedule ?? DEFAULT_SALON_SETTINGS.schedule;
  // The day as a list on a phone, as a grid on wider screens, unless the user chose (issue 63).
  const narrow = useMediaQuery(PHONE_WIDTH);
  const keptView = readAreaState(VIEW_KEY);
  const view = search.view ?? (keptView === 'grid' || keptView === 'list' ? keptView : narrow ? 'list' : 'grid');
  // On a phone a master sees only her own appointments until she asks for everyone's; wider, everyone's.
  const isMaster = session?.role === 'MASTER';
  const keptWho = readAreaState(WHO_KEY);
  const who = search.who ?? (keptWho === 'me' || keptWho === 'all' ? keptWho : narrow ? 'me' : 'all');
  const masters = useMasters();
  const ownIds = useMemo(() => (masters ?? []).filter((m) => m.userId === session?.id).map((m) => m.id), [masters, session?.id]);
  const masterIds = isMaster && who === 'me' && ownIds.length > 0 ? ownIds : null;

  useEffect(() => {
    writeAreaState(TAB_KEY, mode);
    writeAreaState(DATE_KEY, date);
  }, [mode, date]);
  useEffect(() => {
    if (search.view) writeAreaState(VIEW_KEY, search.view);
    if (search.who) writeAreaState(WHO_KEY, search.who);
  }, [search.view, search.who]);

  const dialog = useAppointmentDialog();
  const reopened = useReopened('appointment');
  // A refused offline booking comes back to New Appointment with its values (DESIGN.md §5.4).
  useEffect(() => {
    if (!reopened) return;
    reopenStore.set(null);
    const {
      mode: formMode,
      appointmentId,
      ...values
    } = reopened.values as NewAppointmentValues & { mode: TimetableMode; appointmentId?: string };
    const common = {
      mode: formMode ?? mode,
      values: reopenedValues(values, reopened.error),
      refusal: reopened.error,
      conflictId: reopened.conflictId,
    };
    if (reopened.kind === 'appointment.edit' && appointmentId) appointmentDialogs.open({ kind: 'edit', appointmentId, ...common });
    else appointmentDialogs.open({ kind: 'new', ...common });
  }, [reopened, mode]);
  // 'Adding appointments is allowed only to the owner or for today and future days' (part 1 §4); masters book too.
  const hover = useHoverCard();
  const hoverCard = useLoadedAfterPaint(loadHoverCard, hoverCardModule);
  const openEdit = (a: AppointmentRow) => appointmentDialogs.open({ kind: 'edit', mode, appointmentId: a.id });
  const mayBook = date >= today || (session ? canBookPastDays(session) : false);
  const openNew = (patch: Partial<NewAppointmentValues['lines'][number]> = {}) => openNewAppointment(mode, date, patch);

  // Drag and drop (part 1 §2, §4): every card picks up, masters' too (decision 033); refusals show above the grid.
  const moves = useMoveAppointment(mode);
  const { move } = moves;
  const step = schedule.step;
  const onMove = useCallback(
    (a: AppointmentRow, target: { provider: Provider; steps: number }, known: KnownRows | null) =>
      move(a, { kind: target.provider.kind, providerId: target.provider.id, date, steps: target.steps, step }, known),
    [move, date, step],
  );
  // A master's header opens his Master Appointments; masters do not get this (part 1 §2, §6).
  const routerNavigate = useNavigate();
  const mayOpenMaster = mode === 'masters' && session?.role !== 'MASTER';
  const openMaster = (p: Provider) => {
    writeAreaState(MASTER_KEY, p.id);
    void routerNavigate({ to: '/salon/master-appointments', search: { master: p.id } });
  };

  const go = (patch: { date?: string; tab?: TimetableMode; view?: 'grid' | 'list'; who?: 'me' | 'all' }) =>
    void navigate({ search: (prev) => ({ ...prev, date, tab: mode, ...patch }), replace: true });

  return (
    <section className="page timetable-page">
      <div className="page-header">
        <h1 className="page-title">{t('screen.appointments')}</h1>
        <Segmented
          label={t('timetable.view')}
          value={mode}
          options={[
            { value: 'masters', label: t('timetable.byMasters') },
            { value: 'cabinets', label: t('timetable.byCabinets') },
          ]}
          onChange={(tab) => go({ tab })}
        />
        <Segmented
          label={t('timetable.layout')}
          value={view}
          options={[
            { value: 'list', label: t('timetable.list') },
            { value: 'grid', label: t('timetable.grid') },
          ]}
          onChange={(v) => go({ view: v })}
        />
        {isMaster && ownIds.length > 0 ? (
          <Segmented
            label={t('timetable.whose')}
            value={who}
            options={[
              { value: 'me', label: t('timetable.onlyMe') },
              { value: 'all', label: t('timetable.everyone') },
            ]}
            onChange={(w) => go({ who: w })}
          />
        ) : null}
      </div>
      <div className="toolbar">
        <div className="day-picker" role="group" aria-label={t('timetable.day')}>
          <PlainButton variant="ghost" aria-label={t('timetable.previousDay')} onPress={() => go({ date: shiftDay(date, -1) })}>
            <Icon name="chevronLeft" />
          </PlainButton>
          <DayPicker
            value={date}
            onChange={(day) => go({ date: day })}
            label={t('timetable.pickDay')}
            masterId={isMaster && who === 'me' ? (ownIds[0] ?? null) : null}
            windowed
          />
          <PlainButton variant="ghost" aria-label={t('timetable.nextDay')} onPress={() => go({ date: shiftDay(date, 1) })}>
            <Icon name="chevronRight" />
          </PlainButton>
          <PlainButton variant="secondary" isDisabled={date === today} onPress={() => go({ date: today })}>
            {t('timetable.today')}
          </PlainButton>
        </div>
        <PlainButton variant="primary" isDisabled={!mayBook} onPress={() => void openNew()}>
          {t('timetable.newAppointment')}
        </PlainButton>
        <SaleButton />
        {view === 'list' && !narrow ? (
          <PlainButton variant="secondary" onPress={() => window.print()}>
            {t('timetable.print')}
          </PlainButton>
        ) : null}
      </div>
      {view === 'list' ? <p className="agenda-print-caption">{dayLabel(date, language)}</p> : null}
      <DayTimetable
        date={date}
        mode={mode}
        schedule={schedule}
        nowWall={date === today ? nowWall : null}
        alert={<MoveAlert message={moves.message} onDismiss={moves.dismiss} onUndo={moves.undo} />}
        onCard={(a) => {
          hover.hide();
          openEdit(a);
        }}
        onHover={hover.onHover}
        onSlot={
          mayBook
            ? (p, minutes) =>
                void openNew(p.kind === 'master' ? { master: p.id, startTime: minutes } : { cabinet: p.id, startTime: minutes })
            : undefined
        }
        onHead={mayOpenMaster ? openMaster : undefined}
        onMove={onMove}
        view={view}
        masterIds={masterIds}
        onSwipe={(days) => go({ date: shiftDay(date, days) })}
      />
      {hoverCard ? <hoverCard.CardPopupHost hover={hover} hidden={Boolean(dialog)} openEdit={openEdit} /> : null}
      <AppointmentDialogsHost />
    </section>
  );
}
