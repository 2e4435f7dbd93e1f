import type { Choice, Gen, Maker, Seen } from './catalog';
import * as booking from './inputs-booking';
import * as catalogue from './inputs-catalogue';
import * as money from './inputs-money';
import * as setup from './inputs-setup';
import * as stock from './inputs-stock';

/**
 * Every kind of command the chaos makes (every family a device queues: the front desk's, the salon's settings and
 * schedule, what it offers and its stock), by weight (a device picks one at random on what its mirror shows;
 * a kind with nothing to act on becomes its fallback, else a booking). Money commands weigh much, so a small seed still races
 * for the last membership use and the last units of stock.
 */
export const KINDS = {
  'appointment.create': { weight: 16, make: booking.createAppointments },
  'appointment.update': { weight: 5, make: booking.updateAppointment },
  'appointment.move': { weight: 4, make: booking.moveAppointment },
  'appointment.delete': { weight: 3, make: booking.deleteAppointment },
  'appointment.archive': { weight: 2, make: booking.archiveAppointment },
  'appointment.markNoShow': { weight: 2, make: booking.markNoShow },
  'client.create': { weight: 5, make: booking.createClient },
  'client.update': { weight: 4, make: booking.updateClient },
  'client.delete': { weight: 1, make: booking.deleteClient },
  'client.setDefaultMasters': { weight: 2, make: booking.setDefaultMasters },
  'invoice.create': { weight: 12, make: money.createInvoice },
  'invoice.save': { weight: 4, make: money.saveInvoice, fallback: 'invoice.create' },
  'invoice.pay': { weight: 16, make: money.payInvoice, fallback: 'invoice.create' },
  'invoice.edit': { weight: 6, make: money.editInvoice, fallback: 'invoice.pay' },
  'invoice.delete': { weight: 3, make: money.deleteInvoice, fallback: 'invoice.pay' },
  'membership.add': { weight: 4, make: money.addMembership },
  'membership.delete': { weight: 1, make: money.deleteMembership },
  'sale.create': { weight: 10, make: money.createSale },
  'salon.update': { weight: 2, make: setup.updateSalon },
  'salon.switch': { weight: 2, make: setup.flipSwitch },
  'workingTime.add': { weight: 4, make: setup.addWorkingTime },
  'workingTime.update': { weight: 2, make: setup.updateWorkingTime },
  'workingTime.delete': { weight: 2, make: setup.deleteWorkingTime },
  'schedule.generate': { weight: 1, make: setup.generateSchedule },
  'cabinet.create': { weight: 1, make: catalogue.createCabinet },
  'cabinet.update': { weight: 1, make: catalogue.updateCabinet },
  'cabinet.delete': { weight: 1, make: catalogue.deleteCabinet, fallback: 'cabinet.create' },
  'serviceGroup.create': { weight: 1, make: catalogue.createServiceGroup },
  'serviceGroup.update': { weight: 1, make: catalogue.updateServiceGroup },
  'serviceGroup.delete': { weight: 1, make: catalogue.deleteServiceGroup, fallback: 'serviceGroup.create' },
  'service.create': { weight: 1, make: catalogue.createService },
  'service.update': { weight: 1, make: catalogue.updateService },
  'service.delete': { weight: 1, make: catalogue.deleteService, fallback: 'service.create' },
  'master.create': { weight: 1, make: catalogue.createMaster },
  'master.update': { weight: 1, make: catalogue.updateMaster },
  'master.delete': { weight: 1, make: catalogue.deleteMaster, fallback: 'master.create' },
  'administrator.update': { weight: 1, make: catalogue.updateAdministrator },
  'administrator.delete': { weight: 0.3, make: catalogue.deleteAdministrator },
  'manufacturer.add': { weight: 1, make: stock.addManufacturer },
  'manufacturer.update': { weight: 1, make: stock.updateManufacturer },
  'manufacturer.delete': { weight: 0.5, make: stock.deleteManufacturer },
  'product.add': { weight: 2, make: stock.addProduct, fallback: 'manufacturer.add' },
  'product.update': { weight: 4, make: stock.updateProduct },
  'product.delete': { weight: 0.5, make: stock.deleteProduct },
} satisfies Record<string, { weight: number; make: Maker; fallback?: string }>;

export type Kind = keyof typeof KINDS;
/** The command of a kind, or of its fallback, or a booking, when there is nothing to act on. */
export function make(kind: Kind, g: Gen, seen: Seen): Choice | null {
  const k: { make: Maker; fallback?: string } = KINDS[kind];
  return k.make(g, seen) ?? (k.fallback ? KINDS[k.fallback as Kind].make(g, seen) : null) ?? KINDS['appointment.create'].make(g, seen);
}

export const WEIGHTS = Object.fromEntries(Object.entries(KINDS).map(([k, v]) => [k, v.weight])) as Record<Kind, number>;

/** The name the server records a command under (the local name, but a move is an update). */
export const serverName = (definitionName: string) => (definitionName === 'appointment.move' ? 'appointment.update' : definitionName);
