import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { arrivals } from '../../domain/rules/arrivals';
import type { ScheduleSettings } from '../../domain/rules/salon-defaults';
import { useLanguage, useT } from '../../i18n';
import { useFirstSync } from '../sync/use-sync-state';
import { cardTexts } from './appointment-card';
import type { DayData } from './use-timetable-day';

/**
 * What a screen reader is told when bookings arrive on the shown day from another device (issue 63): one is named
 * ("New booking: client, service, master, time"), more are counted. This device's own bookings and refused ghosts
 * (`pending`), another view (`view` names the day, the tab and whose appointments) and the first sync say nothing.
 */
export function useArrivalsSaid(data: DayData | undefined, view: string, pending: Set<string>, format: ScheduleSettings['format']): string {
  const t = useT();
  const { language } = useLanguage();
  const firstSync = useFirstSync();
  const seen = useRef<{ view: string; ids: Set<string> } | null>(null);
  const [said, setSaid] = useState('');
  const latest = useRef({ pending, t, language, format });
  useLayoutEffect(() => {
    latest.current = { pending, t, language, format };
  });
  useEffect(() => {
    if (!data) return;
    const { pending, t, language, format } = latest.current;
    const before = seen.current?.view === view && !firstSync ? seen.current.ids : null;
    const fresh = arrivals(before, data.appointments, (id) => pending.has(`appointments:${id}`) || pending.has(`refused:${id}`));
    seen.current = { view, ids: new Set(data.appointments.map((a) => a.id)) };
    const [one] = fresh;
    if (!one) return;
    if (fresh.length > 1) return setSaid(t('timetable.arrivedMany', { count: fresh.length }));
    const rows = { client: one.clientId ? data.clients.get(one.clientId) : undefined, service: data.services.get(one.serviceId) };
    const where = [one.masterId ? (data.names.get(one.masterId) ?? null) : null];
    setSaid(t('timetable.arrived', { card: cardTexts(one, rows, format, language, t('timetable.walkIn'), where).label }));
  }, [data, view, firstSync]);
  return said;
}
