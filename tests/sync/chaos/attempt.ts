import { runCommand } from '../../../src/db/commands';
import { CommandRefusal } from '../../../src/domain/command-refusal';
import { DEFAULT_SALON_SETTINGS } from '../../../src/domain/rules/salon-defaults';
import type { SalonFixture } from '../../factories/salon';
import { ownerContext } from '../support/engine-client';
import { formOf } from '../support/form-of';
import type { Rng } from '../support/prng';
import type { Seen } from './catalog';
import { make, WEIGHTS } from './commands';
import type { Device } from './invariants';

/** What a device's mirror shows (its pending changes included): what it picks a command on. */
async function seenBy(z: Device, salonId: string): Promise<Seen> {
  const { db } = z;
  return {
    appointments: await db.mirror('appointments').toArray(),
    clients: await db.mirror('clients').toArray(),
    invoices: await db.mirror('invoices').toArray(),
    memberships: await db.mirror('memberships').toArray(),
    products: await db.mirror('products').toArray(),
    manufacturers: await db.mirror('manufacturers').toArray(),
    workingTimes: await db.mirror('workingTimes').toArray(),
    cabinets: await db.mirror('cabinets').toArray(),
    serviceGroups: await db.mirror('serviceGroups').toArray(),
    services: await db.mirror('services').toArray(),
    masters: await db.mirror('masters').toArray(),
    administrators: await db.mirror('administrators').toArray(),
    salon: await db.mirror('salons').get(salonId),
  };
}

/**
 * One random command on device `z`, as the owner at the device: made on what its mirror shows and run as the panel
 * runs it (checked on the mirror, queued), booking on `days` from today (the chaos's own days unless given). Queued commands go into `z.queued` for the checks; a refusal on the
 * device (the form would show it before anything is queued) is 'refused'.
 */
export async function attempt(
  z: Device,
  rng: Rng,
  f: SalonFixture,
  step: number,
  days?: readonly number[],
): Promise<'queued' | 'refused' | 'none'> {
  const seen = await seenBy(z, f.salonId);
  const chosen = make(rng.weighted(WEIGHTS), { rng, f, days }, seen);
  if (!chosen) return 'none';
  const ctx = ownerContext(f, { settings: seen.salon?.settings ?? DEFAULT_SALON_SETTINGS });
  try {
    const { seq } = await runCommand(z.db, chosen.definition, { ctx, input: chosen.input } as never, {
      salonId: f.salonId,
      form: { kind: formOf(chosen.definition.name), values: { step } },
    });
    z.queued.set(seq, { name: chosen.definition.name, input: chosen.input as Record<string, unknown> });
    return 'queued';
  } catch (error) {
    if (!(error instanceof CommandRefusal)) throw error;
    return 'refused';
  }
}
