import { and, eq, isNotNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as s from '../../server/db/schema';
import { logIn } from '../factories/accounts';
import { DEMO } from '../helpers/operations';
import { useTestServer } from '../helpers/server';
import { salonDate, SERVICE_TIME_ZONE } from '../../src/domain/rules/time';

describe('the demo salon', () => {
  const t = useTestServer('pglite', { seedDemo: true });

  it('has a cabinet day to show: today its cabinet is booked, with a master who offers the cabinet’s services, never twice at once', async () => {
    const salonId = (await logIn(t, DEMO.owner)).user.salon.id as string;
    const [cabinet] = await t.db.select().from(s.cabinets).where(eq(s.cabinets.salonId, salonId));
    const inCabinet = await t.db
      .select()
      .from(s.appointments)
      .where(and(eq(s.appointments.salonId, salonId), isNotNull(s.appointments.cabinetId)));
    const today = salonDate(new Date(), SERVICE_TIME_ZONE);
    expect(inCabinet.filter((a) => a.startAt.startsWith(today)).length).toBeGreaterThanOrEqual(2);
    const masters = new Map((await t.db.select().from(s.masters).where(eq(s.masters.salonId, salonId))).map((m) => [m.id, m]));
    const services = new Map((await t.db.select().from(s.services).where(eq(s.services.salonId, salonId))).map((x) => [x.id, x]));
    for (const a of inCabinet) {
      expect(a.cabinetId).toBe(cabinet?.id);
      const group = services.get(a.serviceId)?.groupId as string;
      expect(cabinet?.serviceGroupIds).toContain(group);
      expect(masters.get(a.masterId as string)?.serviceGroupIds).toContain(group);
    }
    const sorted = [...inCabinet].sort((a, b) => a.startAt.localeCompare(b.startAt));
    sorted.slice(1).forEach((a, i) => expect(a.startAt >= (sorted[i] as (typeof sorted)[number]).endAt).toBe(true));
  });
});
