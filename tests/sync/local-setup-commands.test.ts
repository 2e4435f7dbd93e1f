import type { CommandName } from '../../src/domain/commands/catalogue';
import { afterEach, describe, expect, it } from 'vitest';
import {
  cabinet,
  manufacturer,
  master,
  product,
  runCommand,
  service,
  type CommandArgs,
  type CommandDefinition,
} from '../../src/db/commands';
import { CommandRefusal } from '../../src/domain/command-refusal';
import { newId } from '../../src/domain/ids';
import type { SalonDb } from '../../src/db/salon-db';
import { makeContext, makeDb, makeMaster, makeService } from '../factories/mirror';

/**
 * The salon-setup commands read the mirror and hand it to the shared checks (src/domain/commands): these pin
 * the reads, the rules themselves are unit-tested beside the checks.
 */
const ctx = makeContext();
const salonId = ctx.salonId;
let db: SalonDb;
afterEach(async () => {
  await db?.delete();
});

async function refusalOf<N extends CommandName>(def: CommandDefinition<N>, args: CommandArgs<N>) {
  try {
    await runCommand(db, def, args, { salonId });
    return null;
  } catch (error) {
    if (error instanceof CommandRefusal) return error.error;
    throw error;
  }
}

describe('local salon-setup commands', () => {
  it('cabinets: a master is refused; the groups and the names come from the mirror', async () => {
    db = makeDb();
    const group = newId();
    await db.mirror('serviceGroups').put({ id: group, salonId, nameVariants: { lv: 'Griešana' }, type: null, position: 1 });
    await db.mirror('cabinets').put({ id: newId(), salonId, nameVariants: { lv: 'Zils' }, serviceGroupIds: [] });
    const input = (o = {}) => ({ id: newId(), salon: salonId, nameVariants: { lv: 'Sarkans' }, serviceGroups: [group], ...o });
    expect((await refusalOf(cabinet.createCabinet, { ctx: { ...ctx, role: 'MASTER' }, input: input() }))?.reason).toBe(
      'MASTER_CANNOT_EDIT_SALON_SETUP',
    );
    expect((await refusalOf(cabinet.createCabinet, { ctx, input: input({ serviceGroups: [newId()] }) }))?.field).toBe('serviceGroups');
    expect((await refusalOf(cabinet.createCabinet, { ctx, input: input({ nameVariants: { lv: 'zils' } }) }))?.field).toBe(
      'nameVariants.lv',
    );
    expect((await refusalOf(cabinet.updateCabinet, { ctx, input: { ...input(), id: newId() } }))?.messageId).toBe('cabinet.notExists');
    expect(await refusalOf(cabinet.createCabinet, { ctx, input: input() })).toBeNull();
  });

  it('services: names are free per group; a missing group is service.notExists', async () => {
    db = makeDb();
    const cut = makeService({ nameVariants: { lv: 'Griezums' } });
    await db.mirror('serviceGroups').put({ id: cut.groupId, salonId, nameVariants: { lv: 'Griešana' }, type: null, position: 1 });
    await db.mirror('services').put(cut);
    const input = (o = {}) => ({
      id: newId(),
      serviceGroupId: cut.groupId,
      nameVariants: { lv: 'griezums' },
      duration: '30',
      price: '10',
      color: '#e53935',
      ...o,
    });
    expect((await refusalOf(service.createService, { ctx, input: input() }))?.reason).toBe('NAME_ALREADY_EXISTS');
    expect((await refusalOf(service.createService, { ctx, input: input({ serviceGroupId: newId() }) }))?.messageId).toBe(
      'service.notExists',
    );
    expect(await refusalOf(service.updateService, { ctx, input: input({ id: cut.id }) })).toBeNull();
  });

  it("products: the current manufacturer may be gone from the mirror, another may not; names are the manufacturer's", async () => {
    db = makeDb();
    const brand = { id: newId(), salonId, name: 'Acme' };
    const gone = newId();
    await db.mirror('manufacturers').put(brand);
    const row = {
      id: newId(),
      salonId,
      manufacturerId: gone,
      name: 'Balm',
      code: '',
      quantity: 1,
      price: '5.00',
      supplierPrice: null,
      type: 'SALE' as const,
    };
    await db.mirror('products').put(row);
    const fields = (o = {}) => ({
      name: 'Balm',
      manufacturer: gone,
      code: '',
      quantity: '1',
      price: '5',
      supplierPrice: '',
      type: 'SALE' as const,
      ...o,
    });
    expect(await refusalOf(product.updateProduct, { ctx, input: { productId: row.id, ...fields({ name: 'Balm 2' }) } })).toBeNull();
    expect((await refusalOf(product.addProduct, { ctx, input: { id: newId(), salon: salonId, ...fields() } }))?.field).toBe('manufacturer');
    expect(
      await refusalOf(product.addProduct, {
        ctx,
        input: { id: newId(), salon: salonId, ...fields({ name: 'Balm 2', manufacturer: brand.id }) },
      }),
    ).toBeNull();
    expect(
      (
        await refusalOf(product.addProduct, {
          ctx,
          input: { id: newId(), salon: salonId, ...fields({ name: 'balm 2', manufacturer: brand.id }) },
        })
      )?.reason,
    ).toBe('NAME_ALREADY_EXISTS');
    expect((await refusalOf(manufacturer.addManufacturer, { ctx, input: { id: newId(), salon: salonId, name: ' ACME' } }))?.field).toBe(
      'name',
    );
  });

  it("masters: another master's phone is taken, the master's own is not; a found account needs the form's phone or e-mail", async () => {
    db = makeDb();
    const group = newId();
    await db.mirror('serviceGroups').put({ id: group, salonId, nameVariants: { lv: 'Griešana' }, type: null, position: 1 });
    const anna = makeMaster({ phone: '+37120000001', serviceGroupIds: [group] });
    await db.mirror('masters').put(anna);
    const fields = {
      firstName: 'Ieva',
      lastName: 'K',
      gender: 'FEMALE' as const,
      phone: '+37120000002',
      email: null,
      status: 'ACTIVE' as const,
      serviceGroups: [group],
    };
    expect(
      (await refusalOf(master.createMaster, { ctx, input: { id: newId(), salon: salonId, ...fields, phone: anna.phone } }))?.reason,
    ).toBe('PHONE_ALREADY_EXISTS');
    expect(
      (await refusalOf(master.createMaster, { ctx, input: { id: newId(), salon: salonId, ...fields, phone: null, userId: newId() } }))
        ?.messageId,
    ).toBe('client.userMismatch');
    expect(await refusalOf(master.updateMaster, { ctx, input: { salonId, masterId: anna.id, ...fields, phone: anna.phone } })).toBeNull();
    expect((await refusalOf(master.deleteMaster, { ctx, input: { salonId: newId(), masterId: anna.id } }))?.reason).toBe(
      'NOT_THE_SESSION_SALON',
    );
  });
});
