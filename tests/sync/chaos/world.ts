import { appointment, client, manufacturer, membership, product, runCommand } from '../../../src/db/commands';
import { addUser } from '../../factories/accounts';
import { day, salonWithOwner, type SalonFixture } from '../../factories/salon';
import { ownerContext, type EngineClient } from '../support/engine-client';
import type { Rng } from '../support/prng';
import type { ServerInstance } from '../support/restartable-server';

const ADD_ADMINISTRATOR = `mutation A($input: AddAdministratorInput!) { addAdministrator(input: $input) { id } }`;

/**
 * A seed's salon (sign-up's masters and services, two cabinets, two administrators besides the owner) set up by a device of its own before the
 * chaos: a few products with 1-3 units in stock, two clients with a membership of 1-2 uses each and two
 * appointments each for the membership's service, so the devices race for the last uses and units early on.
 */
export async function seedSalon(live: ServerInstance, setupDevice: (f: SalonFixture) => EngineClient, rng: Rng): Promise<SalonFixture> {
  const f = await salonWithOwner(live);
  // Two administrators besides the owner, for the administrator commands (added online, as the owner does).
  for (const firstName of ['Inga', 'Rita']) {
    const person = await addUser(live, { firstName });
    const added = await live.gql(
      ADD_ADMINISTRATOR,
      {
        input: { salonId: f.salonId, firstName, lastName: 'Admin', email: person.email, phone: null, password: null },
      },
      f.owner.token,
    );
    if (added.errors) throw new Error(`seed salon: addAdministrator ${JSON.stringify(added.errors)}`);
  }
  const d = setupDevice(f);
  const run = async (definition: unknown, input: unknown) =>
    runCommand(d.db, definition as never, { ctx: ownerContext(f), input } as never, { salonId: f.salonId });
  await d.sync();
  const maker = rng.id();
  await run(manufacturer.addManufacturer, { id: maker, salon: f.salonId, name: 'Chaos Cosmetics' });
  for (const name of ['Shampoo', 'Balm', 'Mask']) {
    await run(product.addProduct, {
      id: rng.id(),
      salon: f.salonId,
      name,
      manufacturer: maker,
      code: '',
      quantity: rng.between(1, 3),
      price: '12.50',
      supplierPrice: '',
      type: 'SALE',
    });
  }
  for (let k = 0; k < 2; k++) {
    const person = rng.id();
    const service = f.serviceIds[k] as string;
    await run(client.createClient, {
      id: person,
      salon: f.salonId,
      firstName: 'Seed',
      lastName: `Client ${k + 1}`,
      gender: 'FEMALE',
      phone: null,
      email: null,
      notes: '',
      birthday: null,
      blocked: false,
    });
    const uses = rng.between(1, 2);
    await run(membership.addMembership, {
      id: rng.id(),
      salon: f.salonId,
      client: person,
      service,
      serialNumber: 100 + k,
      quantity: uses,
      price: `${uses * 10}.00`,
      paymentType: 'CASH',
      createdAt: new Date().toISOString(),
    });
    for (const n of [1, 3]) {
      const line = {
        id: rng.id(),
        master: f.masterIds[k],
        cabinet: null,
        client: person,
        service,
        duration: 30,
        startAt: `${day(k + n)} 10:00`,
        notes: '',
      };
      await run(appointment.createAppointments, { salon: f.salonId, group: null, appointments: [line] });
    }
  }
  await d.sync();
  const [pending, conflicts] = [await d.db.outbox.count(), await d.db.conflicts.toArray()];
  if (pending || conflicts.length)
    throw new Error(`seed salon: ${pending} pending, conflicts ${conflicts.map((c) => c.error.reason).join(', ')}`);
  await d.close();
  return f;
}
