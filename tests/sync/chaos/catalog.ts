import type { CommandDefinition } from '../../../src/db/commands';
import type {
  AdministratorRow,
  AppointmentRow,
  CabinetRow,
  ClientRow,
  InvoiceRow,
  ManufacturerRow,
  MasterRow,
  MembershipRow,
  ProductRow,
  SalonRow,
  ServiceGroupRow,
  ServiceRow,
  WorkingTimeRow,
} from '../../../src/domain/entities';
import type { SalonFixture } from '../../factories/salon';
import type { Rng } from '../support/prng';

/** What a device sees when it picks a command: its mirror (pending changes included). */
export interface Seen {
  appointments: AppointmentRow[];
  clients: ClientRow[];
  invoices: InvoiceRow[];
  memberships: MembershipRow[];
  products: ProductRow[];
  manufacturers: ManufacturerRow[];
  workingTimes: WorkingTimeRow[];
  cabinets: CabinetRow[];
  serviceGroups: ServiceGroupRow[];
  services: ServiceRow[];
  masters: MasterRow[];
  administrators: AdministratorRow[];
  salon: SalonRow | undefined;
}

export interface Gen {
  rng: Rng;
  f: SalonFixture;
  /** The days from today that bookings and working time go to (DAYS of inputs-booking.ts unless set). */
  days?: readonly number[];
}

/** A command to run: its definition and input (the context is added by the run). */
export interface Choice {
  definition: CommandDefinition<never>;
  input: unknown;
}

export const choice = (definition: unknown, input: unknown): Choice => ({ definition: definition as CommandDefinition<never>, input });

/** Makes a random command of one kind on what the device sees; null when there is nothing to do it on. */
export type Maker = (g: Gen, seen: Seen) => Choice | null;
