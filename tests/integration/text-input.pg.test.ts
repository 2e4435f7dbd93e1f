import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/domain/ids';
import { clients, masters, salons, serviceGroups, users } from '../../server/db/schema';
import { signupFields, captchaFor, uniqueSuffix } from '../factories/accounts';
import { clientInput, line, salonWithOwner } from '../factories/salon';
import { ok, refused, type Loose } from '../helpers/graphql';
import { CREATE_APPOINTMENTS, CREATE_CLIENT, SIGNUP, UPDATE_CLIENT, UPDATE_PROFILE } from '../helpers/operations';
import { backends, ROOMY_LIMITS, useTestServer } from '../helpers/server';

const ADD_MASTER = `mutation A($input: AddMasterInput!) { addMaster(input: $input) { id } }`;
const UPDATE_MASTER = `mutation U($input: UpdateMasterInput!) { updateMaster(input: $input) { id } }`;
const ADD_ADMINISTRATOR = `mutation A($input: AddAdministratorInput!) { addAdministrator(input: $input) { id } }`;
const UPDATE_SALON = `mutation S($input: UpdateSalonInput!) { updateSalon(input: $input) { id } }`;
const ADD_MANUFACTURER = `mutation M($input: AddManufacturerInput!) { addManufacturer(input: $input) { id } }`;

const NUL = 'a\u0000b';
const LONE = 'Anna \uD83D';
/** A name that shows reversed to whoever reads it (issue 56). */
const RTL_OVERRIDE = 'Anna\u202Eanilrev';
const invalidCharacters = (field: string) => ({
  code: 'IllegalArgument',
  reason: 'VALIDATION_FAILED',
  field,
  messageId: 'validation.text.invalidCharacters',
});

/**
 * Every text input refuses NUL and lone surrogates on its field (issue 16 item 3), instead of the database
 * failing ("Unexpected error.") or a half character being stored as U+FFFD; a phone that is not one is refused
 * as "Invalid phone number." instead of being stored as no phone.
 */
describe.each(backends(import.meta.url))('text input on %s', (backend) => {
  const t = useTestServer(backend, ROOMY_LIMITS);
  const groupOf = async (salonId: string) =>
    (
      await t.db
        .select({ id: serviceGroups.id })
        .from(serviceGroups)
        .where(and(eq(serviceGroups.salonId, salonId), isNull(serviceGroups.deletedAt)))
    )[0]?.id;
  const masterInput = async (salon: string, overrides: Loose = {}) => ({
    id: newId(),
    salon,
    firstName: 'Anna',
    lastName: 'Ozola',
    gender: 'FEMALE',
    phone: '+37126555444',
    email: null,
    status: 'ACTIVE',
    serviceGroups: [await groupOf(salon)],
    ...overrides,
  });

  it('every string field of a new client, one at a time, on its field; nothing is stored', async () => {
    const f = await salonWithOwner(t, 0);
    for (const field of ['firstName', 'lastName', 'notes', 'email', 'phone', 'birthday', 'id']) {
      for (const bad of [NUL, LONE, RTL_OVERRIDE]) {
        const input = clientInput(f.salonId, { [field]: bad });
        refused(await t.gql(CREATE_CLIENT, { input }, f.owner.token), invalidCharacters(field));
        expect(await t.db.select().from(clients).where(eq(clients.salonId, f.salonId))).toEqual([]);
      }
    }
    const made = ok(await t.gql(CREATE_CLIENT, { input: clientInput(f.salonId, { notes: 'Allergy 😀' }) }, f.owner.token)).createClient;
    refused(
      await t.gql(
        UPDATE_CLIENT,
        { input: { ...clientInput(f.salonId), id: undefined, salonId: f.salonId, clientId: made.id, salon: undefined, notes: NUL } },
        f.owner.token,
      ),
      invalidCharacters('notes'),
    );
    expect((await t.db.select({ notes: clients.notes }).from(clients).where(eq(clients.id, made.id)))[0]?.notes).toBe('Allergy 😀');
  });

  it("nested fields are named by their path: an appointment line's notes, a salon's name", async () => {
    const f = await salonWithOwner(t, 0);
    const revBefore = (await t.db.select({ rev: salons.rev }).from(salons).where(eq(salons.id, f.salonId)))[0]?.rev;
    refused(
      await t.gql(
        CREATE_APPOINTMENTS,
        {
          input: { salon: f.salonId, appointments: [line(f), line(f, { notes: NUL, startAt: line(f).startAt.replace('10:00', '11:00') })] },
        },
        f.owner.token,
      ),
      invalidCharacters('appointments.1.notes'),
    );
    refused(
      await t.gql(
        UPDATE_SALON,
        {
          input: {
            id: f.salonId,
            name: LONE,
            address: 'Rīga',
            settings: { schedule: { startAt: 480, endAt: 1200, step: 15, format: 'HH:mm' } },
          },
        },
        f.owner.token,
      ),
      invalidCharacters('name'),
    );
    refused(
      await t.gql(ADD_MANUFACTURER, { input: { id: newId(), salon: f.salonId, name: NUL } }, f.owner.token),
      invalidCharacters('name'),
    );
    expect((await t.db.select({ rev: salons.rev }).from(salons).where(eq(salons.id, f.salonId)))[0]?.rev).toBe(revBefore);
  });

  it('staff, administrators, the profile and sign-up refuse them too (the issue\'s repro: an administrator named "a\\u0000b")', async () => {
    const f = await salonWithOwner(t, 0);
    refused(
      await t.gql(ADD_MASTER, { input: await masterInput(f.salonId, { lastName: NUL }) }, f.owner.token),
      invalidCharacters('lastName'),
    );
    const master = ok(await t.gql(ADD_MASTER, { input: await masterInput(f.salonId) }, f.owner.token)).addMaster;
    const update = {
      salonId: f.salonId,
      masterId: master.id,
      firstName: LONE,
      lastName: 'Ozola',
      gender: 'FEMALE',
      phone: '+37126555444',
      email: null,
      status: 'ACTIVE',
      serviceGroups: [await groupOf(f.salonId)],
    };
    refused(await t.gql(UPDATE_MASTER, { input: update }, f.owner.token), invalidCharacters('firstName'));
    const email = `a-${uniqueSuffix()}@example.test`;
    refused(
      await t.gql(
        ADD_ADMINISTRATOR,
        { input: { salonId: f.salonId, firstName: NUL, lastName: 'b', email, phone: null, password: 'a-password-123' } },
        f.owner.token,
      ),
      invalidCharacters('firstName'),
    );
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    refused(
      await t.gql(UPDATE_PROFILE, { input: { firstName: 'Anna', lastName: NUL, phone: null } }, f.owner.token),
      invalidCharacters('lastName'),
    );
    refused(
      await t.gql(SIGNUP, { input: { ...signupFields({ salonName: LONE }), captcha: await captchaFor(t) } }),
      invalidCharacters('salonName'),
    );
  });

  it('a phone that is not one is "Invalid phone number.", never stored as no phone', async () => {
    const f = await salonWithOwner(t, 0);
    const invalidPhone = { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'phone', messageId: 'validation.phone.invalid' };
    for (const phone of ['abc', '+371 2x 000 000', 'call me']) {
      refused(await t.gql(CREATE_CLIENT, { input: clientInput(f.salonId, { phone }) }, f.owner.token), invalidPhone);
      refused(await t.gql(ADD_MASTER, { input: await masterInput(f.salonId, { phone }) }, f.owner.token), invalidPhone);
      refused(
        await t.gql(
          ADD_ADMINISTRATOR,
          {
            input: {
              salonId: f.salonId,
              firstName: 'A',
              lastName: 'B',
              email: `p-${uniqueSuffix()}@example.test`,
              phone,
              password: 'a-password-123',
            },
          },
          f.owner.token,
        ),
        invalidPhone,
      );
      refused(await t.gql(UPDATE_PROFILE, { input: { firstName: 'Anna', lastName: 'B', phone } }, f.owner.token), invalidPhone);
    }
    expect(await t.db.select().from(clients).where(eq(clients.salonId, f.salonId))).toEqual([]);
    expect((await t.db.select({ n: masters.id }).from(masters).where(eq(masters.salonId, f.salonId))).length).toBeGreaterThan(0);
    // A blank phone and the bare default prefix are still "no phone".
    const blank = ok(await t.gql(CREATE_CLIENT, { input: clientInput(f.salonId, { phone: '+371 ' }) }, f.owner.token)).createClient;
    expect(blank.phone).toBeNull();
  });
});
