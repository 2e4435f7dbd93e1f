import { LOCAL_COMMANDS, salonSettings, schedule } from '../../../src/db/commands';
import { SWITCH_COMMANDS } from '../../../src/domain/commands/catalogue';
import { DEFAULT_SALON_SETTINGS } from '../../../src/domain/rules/salon-defaults';
import { SETTING_SWITCHES, switchValue } from '../../../src/domain/schemas/settings';
import { day } from '../../factories/salon';
import { DAYS } from './inputs-booking';
import { choice, type Gen, type Maker } from './catalog';

/**
 * Salon settings and schedule commands: the general settings (name, address, opening hours), the four
 * switches, and working time (add, change, delete, generate from a pattern). Opening hours move by an hour
 * at most, so most working time and bookings still fit and some no longer do.
 */
const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

export const updateSalon: Maker = ({ rng, f }, seen) => {
  const schedule = seen.salon?.settings.schedule ?? DEFAULT_SALON_SETTINGS.schedule;
  return choice(salonSettings.updateSalon, {
    id: f.salonId,
    // A name of this salon only: another salon's name would be SALON_NAME_TAKEN for every seed on the server.
    name: `Salon ${f.salonId.slice(-8)} ${rng.pick(['Rīga', 'Jūrmala', 'Cēsis'])}`,
    address: `Brīvības iela ${rng.between(1, 99)}`,
    settings: {
      schedule: {
        ...schedule,
        startAt: rng.pick([420, 480]),
        endAt: rng.pick([1200, 1260]),
        format: rng.pick(['HH:mm', 'hh:mm a'] as const),
      },
    },
  });
};

export const flipSwitch: Maker = ({ rng, f }, seen) => {
  const key = rng.pick(SETTING_SWITCHES);
  const settings = seen.salon?.settings ?? DEFAULT_SALON_SETTINGS;
  return choice(LOCAL_COMMANDS[SWITCH_COMMANDS[key]], { id: f.salonId, [key]: !switchValue(settings, key) });
};

const span = ({ rng }: Gen, date: string) => {
  const start = rng.between(7, 19);
  return { startAt: `${date} ${hour(start)}`, endAt: `${date} ${hour(Math.min(21, start + rng.between(1, 4)))}` };
};

export const addWorkingTime: Maker = (g) =>
  choice(schedule.addWorkingTime, {
    id: g.rng.id(),
    salon: g.f.salonId,
    master: g.rng.pick(g.f.masterIds),
    ...span(g, day(g.rng.pick(g.days ?? DAYS))),
  });

export const updateWorkingTime: Maker = (g, seen) => {
  if (!seen.workingTimes.length) return null;
  const w = g.rng.pick(seen.workingTimes);
  return choice(schedule.updateWorkingTime, {
    workingTimeId: w.id,
    ...span(g, g.rng.chance(0.7) ? w.startAt.slice(0, 10) : day(g.rng.pick(g.days ?? DAYS))),
  });
};

export const deleteWorkingTime: Maker = ({ rng }, seen) =>
  seen.workingTimes.length ? choice(schedule.deleteWorkingTime, { workingTimeId: rng.pick(seen.workingTimes).id }) : null;

export const generateSchedule: Maker = ({ rng, f }) => {
  const from = rng.pick([1, 2]);
  return choice(schedule.generateSchedule, {
    salonId: f.salonId,
    seed: rng.id(),
    masterId: rng.chance(0.5) ? rng.pick(f.masterIds) : null,
    firstRangeFrom: day(from),
    firstRangeTo: day(from),
    secondRangeFrom: day(from + 1),
    secondRangeTo: day(from + rng.between(1, 3)),
  });
};
