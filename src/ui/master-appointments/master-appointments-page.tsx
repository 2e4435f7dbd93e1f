import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { Button as AriaButton, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from 'react-aria-components';
import { canBookPastDays } from '../../domain/rules/permissions';
import { DEFAULT_SALON_SETTINGS } from '../../domain/rules/salon-defaults';
import { addDays } from '../../domain/rules/time';
import type { AppointmentRow } from '../../domain/entities';
import { useT } from '../../i18n';
import { appointmentDialogs, useAppointmentDialog } from '../appointments/appointment-dialogs';
import { readAreaState, writeAreaState } from '../area-state';
import { searchDate } from '../search-fields';
import { useSession } from '../session/use-session';
import { Button } from '../button';
import { Icon } from '../icons';
import { DateRangeButton, type DateRange } from '../date-range-button';
import { MasterAppointmentsGrid } from './master-appointments-grid';
import { DEFAULT_RANGE_DAYS, MASTER_KEY, RANGE_KEY, useMasterAppointments } from './use-master-appointments';
import { GenerateScheduleDialog } from '../schedule/generate-schedule-dialog';
import { MasterDialog } from '../staff/master-dialogs';
import { usePendingRows } from '../sync/use-pending';
import { CardPopupHost } from '../appointments/card-popup';
import { MoveAlert } from '../timetable/move-alert';
import { useBoxWidth } from '../use-box-width';
import { useHoverCard } from '../timetable/use-hover-card';
import { useMoveAppointment } from '../timetable/use-move-appointment';
import { AppointmentDialogsHost, openNewAppointment } from '../appointments/appointment-dialogs-host';
import './master-appointments.css';
import { isAdministrator } from '../../domain/roles';
import { useSalonToday } from '../salon/use-salon';

const route = getRouteApi('/salon/master-appointments');

/** The range in the address, else the one kept for the session, else today through 7 days ahead (part 1 §9). */
function rangeOf(search: { from?: string; to?: string }, today: string): DateRange {
  const kept = readAreaState(RANGE_KEY)?.split(',') ?? [];
  const from = search.from ?? searchDate(kept[0]) ?? today;
  const to = search.to ?? searchDate(kept[1]) ?? addDays(from, DEFAULT_RANGE_DAYS);
  return { from, to: to < from ? from : to };
}

/**
 * Master Appointments (part 1 §2, part 2 §2): a master dropdown, his details, Generate schedule, a date range
 * of two months' calendar, and a calendar of days with hourly cells whose cards drag to another time or day.
 * Everything reads the mirror and moves through commands, so it works offline. Masters do not open it
 * (part 1 §2, §6: they have the appointments screen only).
 */
export function MasterAppointmentsPage() {
  const t = useT();
  const session = useSession();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const today = useSalonToday();
  const range = rangeOf(search, today);
  const masterId = search.master ?? readAreaState(MASTER_KEY) ?? null;
  const calendar = useMasterAppointments(masterId, range.from, range.to);
  const pending = usePendingRows();
  const [boxRef, width] = useBoxWidth();
  const schedule = session?.salonSettings?.schedule ?? DEFAULT_SALON_SETTINGS.schedule;
  const [open, setOpen] = useState<'info' | 'generate' | null>(null);
  const dialog = useAppointmentDialog();
  const hover = useHoverCard();
  const openEdit = (a: AppointmentRow) => appointmentDialogs.open({ kind: 'edit', mode: 'masters', appointmentId: a.id });
  const master = calendar?.master ?? null;

  const go = useCallback(
    (patch: { master?: string; from?: string; to?: string }) => void navigate({ search: (s) => ({ ...s, ...patch }), replace: true }),
    [navigate],
  );
  // No master chosen yet (or the kept one is gone): the first one.
  const firstId = calendar && !calendar.master ? (calendar.masters[0]?.id ?? null) : null;
  useEffect(() => {
    if (firstId) go({ master: firstId });
  }, [firstId, go]);
  useEffect(() => {
    if (master) writeAreaState(MASTER_KEY, master.id);
    writeAreaState(RANGE_KEY, `${range.from},${range.to}`);
  }, [master, range.from, range.to]);

  const moves = useMoveAppointment('masters');
  const { move } = moves;
  const step = schedule.step;
  const onMove = useCallback(
    (a: AppointmentRow, date: string, steps: number) =>
      master ? move(a, { kind: 'master', providerId: master.id, date, steps, step }) : Promise.resolve('stayed' as const),
    [move, master, step],
  );
  const mayBookOn = (date: string) => date >= today || (session ? canBookPastDays(session) : false);
  const mayEdit = isAdministrator({ role: session?.role ?? 'MASTER', isOwner: Boolean(session?.isOwner) });

  return (
    <section className="page timetable-page master-appointments">
      <div className="page-header">
        <h1 className="page-title">{t('screen.masterAppointments')}</h1>
      </div>
      <div className="toolbar">
        <div className="master-appointments-tools">
          <Select
            className="master-select"
            selectedKey={master?.id ?? null}
            onSelectionChange={(key) => key !== null && go({ master: String(key) })}
          >
            <Label className="visually-hidden">{t('masterAppointments.master')}</Label>
            <AriaButton className="field-input select-button" data-testid="master-select">
              <SelectValue>
                {({ isPlaceholder }) =>
                  isPlaceholder ? t('masterAppointments.master') : `${master?.firstName ?? ''} ${master?.lastName ?? ''}`.trim()
                }
              </SelectValue>
              <span aria-hidden>▾</span>
            </AriaButton>
            <Popover className="select-popover">
              <ListBox className="select-list">
                {(calendar?.masters ?? []).map((m) => (
                  <ListBoxItem key={m.id} id={m.id} className="select-option">
                    {`${m.firstName} ${m.lastName}`.trim()}
                  </ListBoxItem>
                ))}
              </ListBox>
            </Popover>
          </Select>
          <Button variant="ghost" isDisabled={!master} aria-label={t('masterAppointments.info')} onPress={() => setOpen('info')}>
            <Icon name="user" />
          </Button>
          {mayEdit ? (
            <Button variant="secondary" onPress={() => setOpen('generate')}>
              {t('schedule.generate.button')}
            </Button>
          ) : null}
        </div>
        <DateRangeButton label={t('masterAppointments.range')} value={range} onChange={(r) => go({ from: r.from, to: r.to })} />
      </div>
      {calendar === undefined ? <p className="muted">{t('app.loading')}</p> : null}
      {calendar && calendar.masters.length === 0 ? <p className="empty">{t('masterAppointments.noMasters')}</p> : null}
      <MoveAlert message={moves.message} onDismiss={moves.dismiss} onUndo={moves.undo} />
      {calendar && master ? (
        <div className="tt-scroll" ref={boxRef}>
          <MasterAppointmentsGrid
            calendar={{ ...calendar, master }}
            schedule={schedule}
            width={width}
            pending={pending}
            onCard={(a) => {
              hover.hide();
              openEdit(a);
            }}
            onHover={hover.onHover}
            onSlot={(date, minutes) =>
              void (mayBookOn(date) && openNewAppointment('masters', date, { master: master.id, startTime: minutes }))
            }
            onMove={onMove}
          />
        </div>
      ) : null}
      <CardPopupHost hover={hover} hidden={Boolean(dialog)} openEdit={openEdit} />
      <AppointmentDialogsHost />
      {open === 'info' && master ? <MasterDialog master={master} initialTab="appointments" onClose={() => setOpen(null)} /> : null}
      {open === 'generate' && calendar ? (
        <GenerateScheduleDialog masters={calendar.masters} date={range.from} onClose={() => setOpen(null)} />
      ) : null}
    </section>
  );
}
