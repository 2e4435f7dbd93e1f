import { LOCAL_COMMANDS } from '../../../src/db/commands';
import { SERVICE_PALETTE } from '../../../src/domain/rules/salon-defaults';
import { SERVICE_GROUP_TYPES } from '../../../src/domain/schemas/service';
import { choice, type Gen, type Maker, type Seen } from './catalog';

/**
 * What the salon offers and who runs it: cabinets, service groups, services, masters and administrators (part 2 §2,
 * §3, §4, §7). Creates and edits race
 * for names and for groups deleted on another device; deletes take only rows the chaos made, so the seed's masters,
 * services and cabinets stay for the bookings, which still meet renamed rows and groups that are gone.
 */
const C = LOCAL_COMMANDS;
const WORDS = ['Rose', 'Lily', 'Iris', 'Jasmine', 'Lotus'];
const names = ({ rng }: Gen, what: string) => {
  const word = `${what} ${rng.pick(WORDS)}`;
  return rng.chance(0.5) ? { lv: word } : { lv: word, en: `${word} EN`, ru: `${word} RU` };
};
/** Rows the seed did not make: what a delete may take. */
const made = <R extends { id: string }>(rows: R[], fixed: readonly string[]) => rows.filter((r) => !fixed.includes(r.id));
/** One to three of the salon's service groups, and now and then one a device never saw (deleted, or another salon's). */
const groups = ({ rng }: Gen, seen: Seen) => {
  const ids = seen.serviceGroups.map((g) => g.id);
  const some = ids.length ? Array.from({ length: rng.between(1, Math.min(3, ids.length)) }, () => rng.pick(ids)) : [];
  return rng.chance(0.1) ? [...some, rng.id()] : some;
};

export const createCabinet: Maker = (g, seen) =>
  choice(C['cabinet.create'], { id: g.rng.id(), salon: g.f.salonId, nameVariants: names(g, 'Room'), serviceGroups: groups(g, seen) });

export const updateCabinet: Maker = (g, seen) => {
  if (!seen.cabinets.length) return null;
  const c = g.rng.pick(seen.cabinets);
  return choice(C['cabinet.update'], { id: c.id, salon: g.f.salonId, nameVariants: names(g, 'Room'), serviceGroups: groups(g, seen) });
};

export const deleteCabinet: Maker = ({ rng, f }, seen) => {
  const mine = made(seen.cabinets, f.cabinetIds);
  return mine.length ? choice(C['cabinet.delete'], { id: rng.pick(mine).id }) : null;
};

export const createServiceGroup: Maker = (g) =>
  choice(C['serviceGroup.create'], {
    id: g.rng.id(),
    salon: g.f.salonId,
    nameVariants: names(g, 'Group'),
    type: g.rng.pick([...SERVICE_GROUP_TYPES, null]),
  });

export const updateServiceGroup: Maker = (g, seen) => {
  if (!seen.serviceGroups.length) return null;
  return choice(C['serviceGroup.update'], {
    id: g.rng.pick(seen.serviceGroups).id,
    nameVariants: names(g, 'Group'),
    type: g.rng.pick([...SERVICE_GROUP_TYPES, null]),
  });
};

/** A group of the seed's services stays: its services are what the bookings use. */
export const deleteServiceGroup: Maker = ({ rng, f }, seen) => {
  const used = new Set(seen.services.filter((s) => f.serviceIds.includes(s.id)).map((s) => s.groupId));
  const mine = seen.serviceGroups.filter((gr) => !used.has(gr.id));
  return mine.length ? choice(C['serviceGroup.delete'], { id: rng.pick(mine).id }) : null;
};

const serviceFields = (g: Gen) => ({
  nameVariants: names(g, 'Care'),
  duration: g.rng.pick([15, 30, 45, 60, 90]),
  price: `${g.rng.between(5, 80)}.${g.rng.pick(['00', '50', '99'])}`,
  color: g.rng.pick(SERVICE_PALETTE),
});

export const createService: Maker = (g, seen) => {
  if (!seen.serviceGroups.length) return null;
  return choice(C['service.create'], { id: g.rng.id(), serviceGroupId: g.rng.pick(seen.serviceGroups).id, ...serviceFields(g) });
};

/** The seed's services keep their length, so the bookings' times still add up as the booking makers expect. */
export const updateService: Maker = (g, seen) => {
  if (!seen.services.length || !seen.serviceGroups.length) return null;
  const s = g.rng.pick(seen.services);
  const fields = serviceFields(g);
  return choice(C['service.update'], {
    id: s.id,
    serviceGroupId: g.f.serviceIds.includes(s.id) ? s.groupId : g.rng.pick(seen.serviceGroups).id,
    ...fields,
    duration: g.f.serviceIds.includes(s.id) ? s.duration : fields.duration,
  });
};

export const deleteService: Maker = ({ rng, f }, seen) => {
  const mine = made(seen.services, f.serviceIds);
  return mine.length ? choice(C['service.delete'], { id: rng.pick(mine).id }) : null;
};

const masterFields = (g: Gen, seen: Seen) => ({
  firstName: g.rng.pick(['Anna', 'Ilze', 'Jānis', 'Pēteris']),
  lastName: g.rng.pick(['Ozola', 'Kalna', 'Bērziņš', '']),
  gender: g.rng.pick(['MALE', 'FEMALE'] as const),
  phone: g.rng.chance(0.5) ? `+3712${g.rng.between(1_000_000, 9_999_999)}` : null,
  email: null,
  status: 'ACTIVE' as const,
  serviceGroups: groups(g, seen),
});

export const createMaster: Maker = (g, seen) =>
  choice(C['master.create'], { id: g.rng.id(), salon: g.f.salonId, ...masterFields(g, seen), userId: null });

/** The seed's masters stay active with their groups: renamed, their phone changed. */
export const updateMaster: Maker = (g, seen) => {
  if (!seen.masters.length) return null;
  const m = g.rng.pick(seen.masters);
  const fields = masterFields(g, seen);
  const fixed = g.f.masterIds.includes(m.id);
  return choice(C['master.update'], {
    salonId: g.f.salonId,
    masterId: m.id,
    ...fields,
    status: fixed ? 'ACTIVE' : g.rng.pick(['ACTIVE', 'INACTIVE'] as const),
    serviceGroups: fixed ? m.serviceGroupIds : fields.serviceGroups,
  });
};

export const deleteMaster: Maker = ({ rng, f }, seen) => {
  const mine = made(seen.masters, f.masterIds);
  return mine.length ? choice(C['master.delete'], { salonId: f.salonId, masterId: rng.pick(mine).id }) : null;
};

/** The salon's administrators but its owner (the seed adds two; the owner is never edited or removed there). */
const others = ({ f }: Gen, seen: Seen) => seen.administrators.filter((a) => a.userId !== f.owner.userId);

export const updateAdministrator: Maker = (g, seen) => {
  const admins = others(g, seen);
  if (!admins.length) return null;
  return choice(C['administrator.update'], {
    salonId: g.f.salonId,
    administratorId: g.rng.pick(admins).id,
    firstName: g.rng.pick(['Inga', 'Rita', 'Toms']),
    lastName: g.rng.pick(['Liepa', 'Kalniņa', '']),
    phone: g.rng.chance(0.5) ? `+3712${g.rng.between(1_000_000, 9_999_999)}` : null,
  });
};

export const deleteAdministrator: Maker = (g, seen) => {
  const admins = others(g, seen);
  return admins.length ? choice(C['administrator.delete'], { salonId: g.f.salonId, administratorId: g.rng.pick(admins).id }) : null;
};
