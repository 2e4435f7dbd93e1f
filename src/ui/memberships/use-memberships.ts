import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo } from 'react';
import { Docs, request } from '../../api';
import { appointmentsByIds } from '../../db/queries/appointments';
import { invoicesOfMembership } from '../../db/queries/invoices';
import { salonMemberships } from '../../db/queries/memberships';
import { cabinetsByIds } from '../../db/queries/setup';
import { salonServices } from '../../db/queries/services';
import { mastersByIds } from '../../db/queries/staff';
import { nameIn } from '../../domain/rules/names';
import type { MembershipRow } from '../../domain/entities';
import { useLanguage } from '../../i18n';
import { useSession } from '../session/use-session';
import { useSyncDb } from '../sync/use-sync-state';
import { useOnline } from '../use-online';
import { useServerQuery } from '../use-server-query';
import { membershipUses } from './membership-uses';
import { useSalonRows } from '../sync/use-salon-rows';

/** The salon's memberships from the mirror, offline as online; by serial number. */
export function useMemberships(): MembershipRow[] | undefined {
  return useSalonRows(async (db, salonId) => (await salonMemberships(db, salonId)).sort((a, b) => a.serialNumber - b.serialNumber));
}

export interface ServiceOption {
  id: string;
  name: string;
  deleted: boolean;
}

type DeletedService = { id: string; name: string };

/**
 * Services for the membership picker and for naming a membership's service (part 1 §2 'all services … including
 * deleted ones'). Live services come from the mirror; deleted ones are not there (pull sends tombstones), so
 * they come from getAllServices while online, and the last answer is kept in the salon's database (meta), so the
 * installed app offers them offline too. Only a device that has never been online on this screen lacks them.
 */
export function useMembershipServices(): { services: ServiceOption[] | undefined; deletedKnown: boolean } {
  const db = useSyncDb();
  const { language } = useLanguage();
  const salonId = useSession()?.salon ?? null;
  const online = useOnline();
  const live = useSalonRows(salonServices);
  const all = useServerQuery({
    queryKey: ['getAllServices', salonId, language],
    queryFn: () => request(Docs.GetAllServicesDocument, { salon: salonId as string, lang: language }),
    // Fetched again whenever a form or the page mounts it: a service deleted meanwhile shows as deleted.
    enabled: online && Boolean(salonId),
  });
  const cacheKey = `deletedServices:${salonId}:${language}`;
  const cached = useLiveQuery(async () => (db ? ((await db.getMeta<DeletedService[]>(cacheKey)) ?? null) : null), [db, cacheKey]);
  const fetched = useMemo(() => all.data?.getAllServices.filter((s) => s.deleted).map((s) => ({ id: s.id, name: s.name })), [all.data]);
  useEffect(() => {
    if (db && fetched) void db.setMeta(cacheKey, fetched);
  }, [db, fetched, cacheKey]);
  const deleted = fetched ?? cached ?? null;
  const services = useMemo(() => {
    if (!live) return undefined;
    const liveIds = new Set(live.map((s) => s.id));
    const options: ServiceOption[] = [
      ...live.map((s) => ({ id: s.id, name: nameIn(s.nameVariants, language), deleted: false })),
      ...(deleted ?? []).filter((s) => !liveIds.has(s.id)).map((s) => ({ id: s.id, name: s.name, deleted: true })),
    ];
    return options.sort((a, b) => Number(a.deleted) - Number(b.deleted) || a.name.localeCompare(b.name, language));
  }, [live, deleted, language]);
  return { services, deletedKnown: deleted !== null };
}

export interface MembershipUse {
  id: string;
  /** Salon wall time 'YYYY-MM-DD HH:mm' of the appointment, or the ISO instant of a sale. */
  date: string;
  master: string;
  service: string;
  price: string;
}

const person = (p: { firstName: string; lastName: string } | undefined) => (p ? `${p.firstName} ${p.lastName}`.trim() : '');

/** The uses of a membership from the mirror (membership-uses.ts), with the names of masters, cabinets and services. */
export function useMembershipUses(membership: MembershipRow | null, serviceName: (id: string) => string): MembershipUse[] | undefined {
  const db = useSyncDb();
  const { language } = useLanguage();
  return useLiveQuery(async () => {
    if (!db || !membership) return [];
    const invoices = await invoicesOfMembership(db, membership.salonId, membership.id);
    const appointments = await appointmentsByIds(
      db,
      invoices.flatMap((i) => (i.appointmentId ? [i.appointmentId] : [])),
    );
    const refs = membershipUses(membership.id, invoices, new Map(appointments.flatMap((a) => (a ? [[a.id, a] as const] : []))));
    const [masters, cabinets] = await Promise.all([
      mastersByIds(
        db,
        refs.flatMap((u) => (u.masterId ? [u.masterId] : [])),
      ),
      cabinetsByIds(
        db,
        refs.flatMap((u) => (u.cabinetId ? [u.cabinetId] : [])),
      ),
    ]);
    const masterOf = new Map(masters.flatMap((m) => (m ? [[m.id, person(m)] as const] : [])));
    const cabinetOf = new Map(cabinets.flatMap((c) => (c ? [[c.id, nameIn(c.nameVariants, language)] as const] : [])));
    return refs.map((u) => ({
      id: u.id,
      date: u.date,
      price: u.price,
      service: serviceName(u.serviceId),
      master: (u.masterId ? masterOf.get(u.masterId) : undefined) ?? (u.cabinetId ? cabinetOf.get(u.cabinetId) : undefined) ?? '',
    }));
  }, [db, membership, language, serviceName]);
}
