import { Temporal } from 'temporal-polyfill';
import { newId } from '../../src/domain/ids';
import { defaultOnlineBooking } from '../../src/domain/rules/online-booking';
import { DEFAULT_SALON_SETTINGS, SERVICE_PALETTE, TRIAL_MONTHS } from '../../src/domain/rules/salon-defaults';
import { hashPassword } from '../auth/password';
import { translate } from '../i18n';
import type { Database, Tx } from './client';
import { rowsOf } from './migrate';
import { seedInventory } from './seed-inventory';
import {
  administrators,
  appointments,
  supplierConnections,
  suppliers,
  cabinets,
  clients,
  invoiceItems,
  invoices,
  masters,
  salons,
  serviceGroups,
  services,
  users,
  workingTimes,
} from './schema';
import { eq, sql } from 'drizzle-orm';

export const DEMO_PASSWORD = 'demo12345';
/**
 * Days before today with worked, paid appointments: the report, the client rating and the clients' history have
 * something to show at any hour, the first hours of a Riga day included.
 */
const PAST_DAYS = 2;
export const DEMO_LOGINS = [
  { email: 'owner@demo.test', role: 'ADMIN (owner)' },
  { email: 'master@demo.test', role: 'MASTER' },
  { email: 'supplier@demo.test', role: 'SUPPLIER' },
  { email: 'sysadmin@demo.test', role: 'SYSADMIN' },
] as const;

const FIRST = [
  'Anna',
  'Līga',
  'Marija',
  'Ilze',
  'Jānis',
  'Kristīne',
  'Elena',
  'Olga',
  'Pēteris',
  'Laura',
  'Dace',
  'Inese',
  'Sergejs',
  'Zane',
  'Agnese',
  'Daiga',
  'Irina',
  'Edgars',
  'Baiba',
  'Santa',
];
const LAST = [
  'Bērziņa',
  'Kalniņa',
  'Ozola',
  'Liepa',
  'Krūmiņš',
  'Jansone',
  'Ivanova',
  'Petrova',
  'Zariņš',
  'Vītola',
  'Siliņa',
  'Kļaviņa',
  'Smirnovs',
  'Balode',
  'Eglīte',
  'Lāce',
  'Kuzņecova',
  'Kalns',
  'Priede',
  'Riekstiņa',
];
const MALE = new Set(['Jānis', 'Pēteris', 'Sergejs', 'Edgars']);

const wall = (d: Temporal.PlainDate, minutes: number) =>
  `${d.toString()} ${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00`;
const names = (id: string, values: Record<string, string | number> = {}) => ({
  en: translate('en', id, values),
  lv: translate('lv', id, values),
  ru: translate('ru', id, values),
});

/**
 * Seeds the demo salon on an empty database (SEED_DEMO): owner, 3 masters, services in 3 groups, a cabinet (Elīna's room),
 * working time from two days ago for the next 14 days, 20 clients, appointments from two days ago over the next
 * week, the past ones paid.
 */
export async function seedDemo(database: Database, log: (line: string) => void = () => {}): Promise<boolean> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const seeded = await database.db.transaction(async (tx) => {
    // Two instances starting together on one PostgreSQL: the lock lets one seed and the other see it done.
    if (database.kind === 'postgres') await tx.execute(sql`select pg_advisory_xact_lock(724002)`);
    const existing = rowsOf<{ n: number }>(await tx.execute(sql`select count(*)::int as n from users`));
    if ((existing[0]?.n ?? 0) > 0) return false;
    await seedInto(tx, passwordHash);
    return true;
  });
  if (seeded) log('[seed] demo salon created');
  return seeded;
}

async function seedInto(tx: Tx, passwordHash: string) {
  const ownerId = newId();
  const masterUserId = newId();
  const supplierUserId = newId();
  await tx.insert(users).values([
    {
      id: ownerId,
      email: 'owner@demo.test',
      passwordHash,
      firstName: 'Laura',
      lastName: 'Ozola',
      phone: '+37120000001',
      emailVerified: true,
    },
    {
      id: masterUserId,
      email: 'master@demo.test',
      passwordHash,
      firstName: 'Marta',
      lastName: 'Kalniņa',
      phone: '+37120000002',
      emailVerified: true,
      gender: 'FEMALE',
    },
    {
      id: supplierUserId,
      email: 'supplier@demo.test',
      passwordHash,
      firstName: 'Sandis',
      lastName: 'Vītols',
      phone: '+37120000003',
      emailVerified: true,
      isSupplier: true,
    },
    {
      id: newId(),
      email: 'sysadmin@demo.test',
      passwordHash,
      firstName: 'Sigita',
      lastName: 'Admina',
      phone: '+37120000004',
      emailVerified: true,
      isSysadmin: true,
    },
  ]);
  const salonId = newId();
  const trialEndsAt = new Date();
  trialEndsAt.setMonth(trialEndsAt.getMonth() + TRIAL_MONTHS);
  const rev = 1;
  await tx.insert(salons).values({
    id: salonId,
    name: 'Demo salon',
    address: 'Brīvības iela 1, Rīga',
    administratorId: ownerId,
    settings: { ...DEFAULT_SALON_SETTINGS, enableArchive: true },
    trialEndsAt,
    rev,
    rowRev: rev,
  });
  await tx.insert(administrators).values({ id: newId(), salonId, userId: ownerId, rev });

  const groupTypes = ['HAIRDRESSER', 'COSMETOLOGIST', 'MANICURE'] as const;
  const groupIds = groupTypes.map(() => newId());
  await tx.insert(serviceGroups).values(
    groupTypes.map((type, i) => ({
      id: groupIds[i] as string,
      salonId,
      nameVariants: names(`defaults.group.${type}`),
      type,
      position: i,
      rev,
    })),
  );
  const serviceRows = groupTypes.flatMap((type, g) =>
    [30, 60, 90].map((duration, s) => ({
      id: newId(),
      salonId,
      groupId: groupIds[g] as string,
      nameVariants: names(`defaults.service.${type}.${s + 1}`),
      duration,
      price: (15 + 10 * s + 5 * g).toFixed(2),
      color: SERVICE_PALETTE[(g * 3 + s) % 16] as string,
      rev,
    })),
  );
  await tx.insert(services).values(serviceRows);

  const masterRows = [
    {
      id: newId(),
      salonId,
      userId: masterUserId,
      firstName: 'Marta',
      lastName: 'Kalniņa',
      email: 'master@demo.test',
      phone: '+37120000002',
      gender: 'FEMALE',
      type: 'GLOBAL',
      serviceGroupIds: [groupIds[0] as string],
      // What each earns of her sales, for the Commissions report (issue 59 item 4).
      serviceCommission: '40.00',
      productCommission: '10.00',
      rev,
    },
    {
      id: newId(),
      salonId,
      firstName: 'Elīna',
      lastName: 'Zariņa',
      phone: '+37120000005',
      gender: 'FEMALE',
      serviceGroupIds: [groupIds[1] as string],
      serviceCommission: '35.00',
      productCommission: '10.00',
      rev,
    },
    {
      id: newId(),
      salonId,
      firstName: 'Kristaps',
      lastName: 'Liepa',
      phone: '+37120000006',
      gender: 'MALE',
      serviceGroupIds: [groupIds[2] as string, groupIds[0] as string],
      serviceCommission: '30.00',
      // His second group earns its own rate (issue 59 item 4).
      groupCommissions: [{ groupId: groupIds[0] as string, rate: '35.00' }],
      rev,
    },
  ];
  await tx.insert(masters).values(masterRows);
  // The demo salon takes online bookings (issue 61) at /book/demo, every service with every master.
  const onlineBooking = {
    ...defaultOnlineBooking(
      { name: 'Demo salon', address: 'Brīvības iela 1, Rīga' },
      { services: serviceRows.map((s) => s.id), masters: masterRows.map((m) => m.id) },
    ),
    enabled: true,
    slug: 'demo',
    phone: '+37120000001',
  };
  await tx
    .update(salons)
    .set({ settings: { ...DEFAULT_SALON_SETTINGS, enableArchive: true, onlineBooking } })
    .where(eq(salons.id, salonId));
  const cabinetId = newId();
  await tx
    .insert(cabinets)
    .values({ id: cabinetId, salonId, nameVariants: names('defaults.cabinet'), serviceGroupIds: [groupIds[1] as string], rev });

  const cabinetMaster = masterRows[1]?.id;
  const today = Temporal.Now.plainDateISO('Europe/Riga');
  const work: (typeof workingTimes.$inferInsert)[] = [];
  for (let d = -PAST_DAYS; d < 14; d++) {
    const day = today.add({ days: d });
    for (const m of masterRows) work.push({ id: newId(), salonId, masterId: m.id, startAt: wall(day, 540), endAt: wall(day, 1080), rev });
    work.push({ id: newId(), salonId, cabinetId, startAt: wall(day, 540), endAt: wall(day, 1080), rev });
  }
  await tx.insert(workingTimes).values(work);

  const clientRows = FIRST.map((first, i) => ({
    id: newId(),
    salonId,
    firstName: first,
    lastName: LAST[i] as string,
    phone: `+3712${String(6000000 + i * 37).padStart(7, '0')}`,
    gender: MALE.has(first) ? 'MALE' : 'FEMALE',
    notes: i % 5 === 0 ? translate('lv', 'defaults.clientNote') : '',
    birthday: `19${70 + i}-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 27) + 1).padStart(2, '0')}`,
    rev,
  }));
  await tx.insert(clients).values(clientRows);

  const now = Temporal.Now.plainDateTimeISO('Europe/Riga');
  const nowMinutes = now.hour * 60 + now.minute;
  const apptRows: (typeof appointments.$inferInsert)[] = [];
  const invoiceRows: (typeof invoices.$inferInsert)[] = [];
  const itemRows: (typeof invoiceItems.$inferInsert)[] = [];
  let k = 0;
  for (let d = -PAST_DAYS; d < 7; d++) {
    const day = today.add({ days: d });
    masterRows.forEach((m, mi) => {
      const offered = serviceRows.filter((s) => m.serviceGroupIds.includes(s.groupId));
      let start = 540 + mi * 30;
      for (let n = 0; n < 4 && start < 1020; n++) {
        const service = offered[(((d + n + mi) % offered.length) + offered.length) % offered.length] as (typeof serviceRows)[number];
        const client = clientRows[k++ % clientRows.length] as (typeof clientRows)[number];
        const id = newId();
        apptRows.push({
          id,
          salonId,
          masterId: m.id,
          // Elīna's services are the cabinet's: her appointments take it, so the cabinets view has a day to show.
          cabinetId: m.id === cabinetMaster ? cabinetId : null,
          clientId: client.id,
          serviceId: service.id,
          authorId: ownerId,
          authorRole: 'ADMIN',
          startAt: wall(day, start),
          endAt: wall(day, start + service.duration),
          duration: service.duration,
          rev,
        });
        const isPast = d < 0 || (d === 0 && start + service.duration <= nowMinutes);
        if (isPast || (d === 0 && n === 0)) {
          const invoiceId = newId();
          const paymentType = (['CASH', 'CC', 'GIFT'] as const)[n % 3] as string;
          invoiceRows.push({
            id: invoiceId,
            salonId,
            appointmentId: id,
            administratorId: ownerId,
            paid: true,
            paidAt: new Date(),
            totalPrice: service.price,
            rev,
          });
          itemRows.push({
            id: newId(),
            salonId,
            invoiceId,
            type: 'SERVICE',
            entityId: service.id,
            sellerId: m.id,
            sellerType: 'MASTER',
            quantity: 1,
            price: service.price,
            paymentType,
            rev,
          });
        }
        start += service.duration + 30;
      }
    });
  }
  await tx.insert(appointments).values(apptRows);
  await tx.insert(invoices).values(invoiceRows);
  await tx.insert(invoiceItems).values(itemRows);
  const manufacturerIds = await seedInventory(tx, salonId, rev);
  // The demo supplier distributes the demo salon's manufacturers (issue 18 item 8).
  const supplierId = newId();
  await tx.insert(suppliers).values({ id: supplierId, userId: supplierUserId });
  await tx
    .insert(supplierConnections)
    .values(manufacturerIds.map((manufacturerId, position) => ({ supplierId, salonId, manufacturerId, position })));
}
