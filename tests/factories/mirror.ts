import 'fake-indexeddb/auto';
import { newId } from '../../src/domain/ids';
import { SalonDb } from '../../src/db/salon-db';
import { ownerContext } from '../../src/db/testing/fixtures';
import type { AppointmentRow, ClientRow, MasterRow, ServiceRow } from '../../src/domain/entities';

/** A fresh mirror database on fake-indexeddb. */
export function makeDb(): SalonDb {
  return new SalonDb(`test-${newId()}`);
}

/** The salon owner's command context (the same as the sibling tests' `ownerContext`). */
export const makeContext = ownerContext;

export const makeMaster = (o: Partial<MasterRow> = {}): MasterRow => ({
  id: newId(),
  salonId: 'a'.repeat(24),
  userId: null,
  firstName: 'Marta',
  lastName: 'K',
  phone: null,
  email: null,
  gender: 'FEMALE',
  status: 'ACTIVE',
  type: 'LOCAL',
  serviceGroupIds: [],
  ...o,
});
export const makeService = (o: Partial<ServiceRow> = {}): ServiceRow => ({
  id: newId(),
  salonId: 'a'.repeat(24),
  groupId: newId(),
  nameVariants: { en: 'Haircut' },
  duration: 60,
  price: '20.00',
  color: '#e53935',
  ...o,
});
export const makeClient = (o: Partial<ClientRow> = {}): ClientRow => ({
  id: newId(),
  salonId: 'a'.repeat(24),
  type: 'LOCAL',
  email: null,
  firstName: 'Anna',
  lastName: 'B',
  phone: null,
  notes: '',
  birthday: null,
  gender: 'FEMALE',
  blockedAt: null,
  blockedBy: null,
  language: null,
  messageConsent: true,
  defaultMasterIds: [],
  ...o,
});
export const makeAppointment = (o: Partial<AppointmentRow> = {}): AppointmentRow => ({
  id: newId(),
  salonId: 'a'.repeat(24),
  masterId: null,
  cabinetId: null,
  clientId: null,
  serviceId: newId(),
  authorId: null,
  authorRole: 'ADMIN',
  startAt: '2026-11-23 10:00',
  endAt: '2026-11-23 11:00',
  duration: 60,
  notes: '',
  groupId: null,
  archived: false,
  membershipId: null,
  createdAt: '2026-11-22T08:00:00.000Z',
  ...o,
});

/** A mirror with one master and one service, the rows local booking tests start from. */
export async function seedMasterAndService(db: SalonDb) {
  const master = makeMaster();
  const service = makeService();
  await db.mirror('masters').put(master);
  await db.mirror('services').put(service);
  return { master, service };
}

/** One createAppointments line of an hour for `masterId`. */
export const bookingLine = (masterId: string, serviceId: string, startAt: string, id = newId()) => ({
  id,
  master: masterId,
  cabinet: null,
  client: null,
  service: serviceId,
  duration: 60,
  startAt,
  notes: '',
});
