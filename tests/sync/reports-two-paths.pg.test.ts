import 'fake-indexeddb/auto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureApi } from '../../src/api/config';
import { mirrorReport } from '../../src/db/queries/reports';
import { newId } from '../../src/domain/ids';
import type { ReportFilter } from '../../src/domain/rules/report';
import { SALES_REPORT_KINDS } from '../../src/domain/schemas/report';
import { addMinutes } from '../../src/domain/rules/time';
import { addDays } from '../../src/domain/rules/time';
import { administrators, appointments, clients, invoiceItems, invoices, memberships } from '../../server/db/schema';
import { bumpRev } from '../../server/db/rev';
import { reportOut } from '../../server/modules/reports/queries';
import { day, salonWithOwner, type SalonFixture } from '../factories/salon';
import { ok } from '../helpers/graphql';
import { GET_REPORT } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';
import { engineClients } from './support/engine-client';

/** A small seeded generator, so a failing salon can be made again (REPORT_SEED=n). */
function generator(seed: number) {
  let s = seed >>> 0 || 1;
  const next = () => (s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0) / 2 ** 32;
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(xs: readonly T[]): T => xs[int(0, xs.length - 1)] as T;
  return { next, int, pick, chance: (p: number) => next() < p };
}

/**
 * The report agrees to the cent on both paths (issue 17 item 6): random appointments, invoices and sales written
 * straight into the server's database, pulled into a mirror by the real sync engine; then for many random
 * filters the server's getReport and the panel's mirror report are equal.
 */
describe.each(backends(import.meta.url))('report on the server and on the mirror on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  let f: SalonFixture;
  const { client, closeAll } = engineClients(
    () => t,
    () => f.salonId,
  );
  afterAll(closeAll);

  /** Writes a random month of the salon's money around today; returns nothing: the filters look at it. */
  async function randomSalon(seed: number) {
    const g = generator(seed);
    const [admin] = await t.db
      .select({ id: administrators.id, userId: administrators.userId })
      .from(administrators)
      .where(and(eq(administrators.salonId, f.salonId), isNull(administrators.deletedAt)));
    const sellers: Array<[string | null, 'MASTER' | 'CABINET' | 'ADMINISTRATOR' | null]> = [
      ...f.masterIds.map((id) => [id, 'MASTER'] as [string, 'MASTER']),
      ...f.cabinetIds.map((id) => [id, 'CABINET'] as [string, 'CABINET']),
      [admin?.id ?? null, 'ADMINISTRATOR'],
      [admin?.userId ?? null, 'ADMINISTRATOR'],
      [null, null],
    ];
    const payments = ['CASH', 'CC', 'GIFT', 'MEMBERSHIP'] as const;
    const price = () => `${g.int(0, 400)}.${String(g.int(0, 99)).padStart(2, '0')}`;
    await t.db.transaction(async (tx) => {
      const rev = await bumpRev(tx, f.salonId);
      const clientIds = Array.from({ length: 6 }, () => newId());
      await tx.insert(clients).values(
        clientIds.map((id, i) => ({
          id,
          salonId: f.salonId,
          firstName: `Client${i}`,
          lastName: 'Test',
          phone: `+3712${seed}${i}`.slice(0, 12),
          rev,
        })),
      );
      for (let k = 0; k < 40; k++) {
        const id = newId();
        // One appointment a day: no two overlap, whatever master they get.
        const date = day(k - 20);
        const deleted = g.chance(0.1);
        const start = `${date} ${String(g.int(8, 19)).padStart(2, '0')}:${g.pick(['00', '15', '30', '45'])}`;
        const duration = g.pick([30, 45, 60, 90, 120]);
        await tx.insert(appointments).values({
          id,
          salonId: f.salonId,
          masterId: g.pick(f.masterIds),
          clientId: g.chance(0.8) ? g.pick(clientIds) : null,
          serviceId: g.pick(f.serviceIds),
          authorRole: g.pick(['ADMIN', 'MASTER', 'CLIENT']),
          startAt: `${start}:00`,
          endAt: `${addMinutes(start, duration)}:00`,
          duration,
          archived: g.chance(0.15),
          deletedAt: deleted ? new Date() : null,
          createdAt: new Date(`${addDays(date, -g.int(0, 5))}T10:00:00.000Z`),
          rev,
        });
        if (g.chance(0.3)) continue;
        const invoiceId = newId();
        await tx.insert(invoices).values({
          id: invoiceId,
          salonId: f.salonId,
          appointmentId: id,
          paid: g.chance(0.75),
          archived: g.chance(0.1),
          // Mostly made on or just before the visit; some two months off, which the mirror finds another way.
          createdAt: new Date(
            `${addDays(date, g.chance(0.15) ? g.pick([-60, 60]) : -g.int(0, 3))}T${String(g.int(0, 23)).padStart(2, '0')}:30:00.000Z`,
          ),
          rev,
        });
        for (let n = g.int(1, 3); n > 0; n--) {
          const [sellerId, sellerType] = g.pick(sellers);
          const product = g.chance(0.25);
          await tx.insert(invoiceItems).values({
            id: newId(),
            salonId: f.salonId,
            invoiceId,
            type: product ? 'PRODUCT' : 'SERVICE',
            entityId: product ? newId() : g.pick(f.serviceIds),
            sellerId,
            sellerType,
            quantity: g.int(1, 4),
            price: price(),
            paymentType: g.pick(payments),
            rev,
          });
        }
      }
      for (let k = 0; k < 12; k++) {
        const invoiceId = newId();
        // Some made near midnight, so the salon's day and UTC's differ.
        const hour = g.pick(['21', '22', '23', '00', '01', '10']);
        await tx.insert(invoices).values({
          id: invoiceId,
          salonId: f.salonId,
          appointmentId: null,
          type: 'CART',
          paid: g.chance(0.9),
          archived: g.chance(0.2),
          createdAt: new Date(`${day(g.int(-20, 20))}T${hour}:${String(g.int(0, 59)).padStart(2, '0')}:00.000Z`),
          rev,
        });
        await tx.insert(invoiceItems).values({
          id: newId(),
          salonId: f.salonId,
          invoiceId,
          type: 'PRODUCT',
          entityId: newId(),
          sellerId: admin?.userId ?? null,
          sellerType: 'ADMINISTRATOR',
          quantity: g.int(1, 5),
          price: price(),
          paymentType: g.pick(payments),
          rev,
        });
      }
      // Memberships sold near midnight too, some before payment types were kept (null), some deleted (decision 071).
      for (let k = 0; k < 10; k++) {
        const hour = g.pick(['21', '22', '23', '00', '01', '10']);
        const uses = g.int(1, 10);
        await tx.insert(memberships).values({
          id: newId(),
          salonId: f.salonId,
          clientId: g.pick(clientIds),
          serviceId: g.pick(f.serviceIds),
          authorId: admin?.userId ?? null,
          serialNumber: seed * 100 + k,
          quantity: uses,
          price: price(),
          pricePerUse: '1.00',
          paymentType: g.pick(['CASH', 'CC', 'GIFT', null]),
          createdAt: new Date(`${day(g.int(-20, 20))}T${hour}:${String(g.int(0, 59)).padStart(2, '0')}:00.000Z`),
          deletedAt: g.chance(0.1) ? new Date() : null,
          rev,
        });
      }
    });
  }

  beforeAll(async () => {
    f = await salonWithOwner(t, 2);
    configureApi({ baseUrl: t.url, getToken: () => f.owner.token, getRole: () => 'ADMIN', onUnauthenticated: () => {} });
  });

  const seed = Number(process.env.REPORT_SEED ?? Date.now() % 100_000);
  it(`random salon (REPORT_SEED=${seed}): 60 random filters give equal reports on the server and the mirror`, async () => {
    await randomSalon(seed);
    const device = client();
    await device.sync();
    const g = generator(seed + 1);
    const timeZone = (await device.db.mirror('salons').get(f.salonId))?.timeZone;
    expect(timeZone).toBeTruthy();
    const kinds = SALES_REPORT_KINDS;
    let nonEmpty = 0;
    for (let k = 0; k < 60; k++) {
      const from = day(g.int(-25, 20));
      const filter: ReportFilter = {
        kind: g.pick(kinds),
        from,
        to: addDays(from, g.int(0, 30)),
        showArchive: g.chance(0.5),
        showAppRecords: g.chance(0.5),
      };
      const server = ok(
        await t.gql(
          GET_REPORT,
          {
            salon: f.salonId,
            fromDate: filter.from,
            toDate: filter.to,
            reportFilter: filter.kind,
            showArchive: filter.showArchive,
            showAppRecords: filter.showAppRecords,
          },
          f.owner.token,
        ),
      ).getReport;
      const mirror = reportOut(await mirrorReport(device.db, f.salonId, filter));
      expect(mirror, JSON.stringify(filter)).toEqual(server);
      if (server.groups.length > 0) nonEmpty += 1;
    }
    // The filters did look at money, not only at empty ranges.
    expect(nonEmpty).toBeGreaterThan(10);
  }, 120_000);
});
