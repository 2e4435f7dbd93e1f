import { appointment, client as clients } from '../../../src/db/commands';
import type { AppointmentRow, ClientRow } from '../../../src/domain/entities';
import { day } from '../../factories/salon';
import { choice, type Gen, type Maker } from './catalog';

/** Appointment and client commands: the booking part of the chaos (as the first sync fuzz had it). */

/** Opening hours 08:00-20:00 in 15-minute steps; starts late in the day run past closing (refused locally). */
const TIMES = Array.from({ length: 48 }, (_, k) => {
  const minutes = 8 * 60 + 15 * k;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});
export const DAYS = [1, 2, 3, 4];
const DURATIONS = [15, 30, 45, 60, 90, 120];
/** Small pools, so phones and e-mails collide across devices (the server refuses the later one). */
const PHONES = Array.from({ length: 12 }, (_, k) => `+3712${String(1_000_000 + k * 137).padStart(7, '0')}`);
const EMAILS = Array.from({ length: 6 }, (_, k) => `client${k}@fuzz.test`);
const FIRST_NAMES = ['Anna', 'Ilze', 'Jānis', 'Pēteris', 'Līga', 'Marta'];
const LAST_NAMES = ['Kalna', 'Ozola', 'Bērziņa', 'Liepa', 'Zariņa'];

const pickWho = ({ rng, f }: Gen) => {
  const master = rng.chance(0.85) ? rng.pick(f.masterIds) : null;
  const cabinet = !master || rng.chance(0.25) ? rng.pick(f.cabinetIds) : null;
  return { master, cabinet };
};
const notes = ({ rng }: Gen) => (rng.chance(0.5) ? '' : `note ${rng.int(1000)}`);

export const createAppointments: Maker = (g, seen) => {
  const { rng, f } = g;
  const people = seen.clients;
  const lines = rng.chance(0.12) ? 2 : 1;
  const date = day(rng.pick(g.days ?? DAYS));
  let time = rng.pick(TIMES);
  const rows = [];
  for (let n = 0; n < lines; n++) {
    const duration = rng.pick(DURATIONS);
    rows.push({
      id: rng.id(),
      ...pickWho(g),
      client: people.length && rng.chance(0.6) ? rng.pick(people).id : null,
      service: rng.pick(f.serviceIds),
      duration,
      startAt: `${date} ${time}`,
      notes: notes(g),
    });
    // The next line of a group follows on (a later time of the same day when there is one).
    time = TIMES[Math.min(TIMES.length - 1, TIMES.indexOf(time) + duration / 15)] as string;
  }
  return choice(appointment.createAppointments, { salon: f.salonId, group: lines > 1 ? rng.id() : null, appointments: rows });
};

function updateInput(g: Gen, a: AppointmentRow, people: ClientRow[], move: boolean) {
  const { rng, f } = g;
  let { masterId: master, cabinetId: cabinet, clientId: client, serviceId: service, duration, startAt, notes: text } = a;
  if (move || rng.chance(0.5))
    startAt =
      a.groupId && rng.chance(0.8) ? `${a.startAt.slice(0, 10)} ${rng.pick(TIMES)}` : `${day(rng.pick(g.days ?? DAYS))} ${rng.pick(TIMES)}`;
  if (rng.chance(0.3)) ({ master, cabinet } = pickWho(g));
  if (!move) {
    if (rng.chance(0.3)) text = notes(g);
    if (rng.chance(0.2)) duration = rng.pick(DURATIONS);
    if (rng.chance(0.2)) service = rng.pick(f.serviceIds);
    if (rng.chance(0.2)) client = people.length && rng.chance(0.7) ? rng.pick(people).id : null;
  }
  return { appointmentId: a.id, master, cabinet, client, service, duration, startAt, notes: text };
}

const onAppointment =
  (make: (g: Gen, a: AppointmentRow, people: ClientRow[]) => ReturnType<Maker>): Maker =>
  (g, seen) =>
    seen.appointments.length ? make(g, g.rng.pick(seen.appointments), seen.clients) : null;

export const updateAppointment = onAppointment((g, a, people) => choice(appointment.updateAppointment, updateInput(g, a, people, false)));
export const moveAppointment = onAppointment((g, a, people) => choice(appointment.moveAppointment, updateInput(g, a, people, true)));
/** One delete in four says the client cancelled late (decision 079): refused for a walk-in or a paid one. */
export const deleteAppointment = onAppointment((g, a) =>
  choice(appointment.deleteAppointment, { appointmentId: a.id, late: g.rng.chance(0.25) }),
);
/** A no-show, or the mark taken back: refused for a visit to come, a walk-in or a paid one. */
export const markNoShow = onAppointment((g, a) =>
  choice(appointment.markNoShow, { salon: g.f.salonId, appointmentId: a.id, noShow: a.outcome !== 'NO_SHOW' }),
);
export const archiveAppointment = onAppointment((g, a) =>
  choice(appointment.archiveAppointment, { salon: g.f.salonId, appointmentId: a.id, archived: !a.archived }),
);

function clientFields(g: Gen, current?: ClientRow) {
  const { rng } = g;
  const fields = {
    firstName: current?.firstName ?? rng.pick(FIRST_NAMES),
    lastName: current?.lastName ?? rng.pick(LAST_NAMES),
    gender: current?.gender ?? (rng.chance(0.5) ? 'FEMALE' : 'MALE'),
    phone: current ? current.phone : rng.chance(0.6) ? rng.pick(PHONES) : null,
    email: current ? current.email : rng.chance(0.2) ? rng.pick(EMAILS) : null,
    notes: current?.notes ?? '',
    birthday: current?.birthday ?? null,
    blocked: current ? current.blockedAt !== null : rng.chance(0.1),
  };
  if (current) {
    if (rng.chance(0.5)) fields.notes = notes(g);
    if (rng.chance(0.25)) fields.phone = rng.chance(0.8) ? rng.pick(PHONES) : null;
    if (rng.chance(0.1)) fields.email = rng.chance(0.7) ? rng.pick(EMAILS) : null;
    if (rng.chance(0.2)) fields.blocked = !fields.blocked;
    if (rng.chance(0.2)) fields.lastName = rng.pick(LAST_NAMES);
  }
  return fields;
}

const onClient =
  (make: (g: Gen, c: ClientRow) => ReturnType<Maker>): Maker =>
  (g, seen) =>
    seen.clients.length ? make(g, g.rng.pick(seen.clients)) : null;

export const createClient: Maker = (g) => choice(clients.createClient, { id: g.rng.id(), salon: g.f.salonId, ...clientFields(g) });
export const updateClient = onClient((g, c) =>
  choice(clients.updateClient, { salonId: g.f.salonId, clientId: c.id, ...clientFields(g, c) }),
);
export const deleteClient = onClient((g, c) => choice(clients.deleteClient, { salonId: g.f.salonId, clientId: c.id }));
// Often a client another device deletes meanwhile: the server refuses it with CLIENT_NOT_EXISTS.
export const setDefaultMasters = onClient((g, c) =>
  choice(clients.setDefaultMasters, { salon: g.f.salonId, client: c.id, masters: g.f.masterIds.filter(() => g.rng.chance(0.4)) }),
);
