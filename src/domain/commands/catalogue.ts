import type { SettingSwitch } from '../schemas/settings';

/**
 * Every command a salon screen writes through the outbox (DESIGN.md §5.1), in one typed table: the name
 * (`entity.verb`, the literal union CommandName), the spec's mutation it is pushed as, the forms that make
 * it (a refused change reopens that form, DESIGN.md §5.4) and the screen those forms live on. The input
 * schemas are in ./inputs.ts (kept apart so the first paint does not load every schema); the shared checks
 * are in this folder, one file per area; the local effects in src/db/commands; the server's services in
 * server/modules. Labels in the catalogs are `command.<name>`.
 */
interface CommandEntry {
  /** The GraphQL mutation (spec part 1 §7, part 2 §7). */
  mutation: string;
  /** Form kinds (`<area>.<form>`) that make this command; none for a confirmed delete. */
  forms: readonly string[];
  /** The screen of the area, where its forms reopen. */
  screen: string;
}

const TIMETABLE = '/salon/appointments';

export const COMMANDS = {
  'appointment.create': { mutation: 'createAppointments', forms: ['appointment.new'], screen: TIMETABLE },
  'appointment.update': { mutation: 'updateAppointment', forms: ['appointment.edit'], screen: TIMETABLE },
  /** A drag-and-drop move: the spec's drag sends updateAppointment; a refusal reopens Edit Appointment. */
  'appointment.move': { mutation: 'updateAppointment', forms: ['appointment.edit'], screen: TIMETABLE },
  'appointment.delete': { mutation: 'deleteAppointment', forms: [], screen: TIMETABLE },
  'appointment.archive': { mutation: 'archiveAppointment', forms: [], screen: TIMETABLE },
  'appointment.markNoShow': { mutation: 'markNoShow', forms: [], screen: TIMETABLE },
  'client.create': { mutation: 'createClient', forms: ['client.new'], screen: '/salon/clients' },
  'client.update': { mutation: 'updateClient', forms: ['client.edit'], screen: '/salon/clients' },
  'client.delete': { mutation: 'deleteClient', forms: [], screen: '/salon/clients' },
  'client.setDefaultMasters': { mutation: 'setDefaultMasters', forms: [], screen: '/salon/clients' },
  'cabinet.create': { mutation: 'createCabinet', forms: ['cabinet.new'], screen: '/salon/cabinets' },
  'cabinet.update': { mutation: 'updateCabinet', forms: ['cabinet.edit'], screen: '/salon/cabinets' },
  'cabinet.delete': { mutation: 'deleteCabinet', forms: [], screen: '/salon/cabinets' },
  'serviceGroup.create': { mutation: 'createServiceGroup', forms: ['serviceGroup.new'], screen: '/salon/settings/services' },
  'serviceGroup.update': { mutation: 'updateServiceGroup', forms: ['serviceGroup.edit'], screen: '/salon/settings/services' },
  'serviceGroup.delete': { mutation: 'deleteServiceGroup', forms: [], screen: '/salon/settings/services' },
  'service.create': { mutation: 'createService', forms: ['service.new'], screen: '/salon/settings/services' },
  'service.update': { mutation: 'updateService', forms: ['service.edit'], screen: '/salon/settings/services' },
  'service.delete': { mutation: 'deleteService', forms: [], screen: '/salon/settings/services' },
  'manufacturer.add': { mutation: 'addManufacturer', forms: ['manufacturer.new'], screen: '/salon/settings/manufacturers' },
  'manufacturer.update': { mutation: 'updateManufacturer', forms: ['manufacturer.edit'], screen: '/salon/settings/manufacturers' },
  'manufacturer.delete': { mutation: 'deleteManufacturer', forms: [], screen: '/salon/settings/manufacturers' },
  'product.add': { mutation: 'addProduct', forms: ['product.new'], screen: '/salon/inventory' },
  'product.update': { mutation: 'updateProduct', forms: ['product.edit'], screen: '/salon/inventory' },
  'product.delete': { mutation: 'deleteProduct', forms: [], screen: '/salon/inventory' },
  /** Made when the Invoice tab opens; a refused one has nothing to reopen (the tab shows the server's invoice). */
  'invoice.create': { mutation: 'createInvoice', forms: [], screen: TIMETABLE },
  /** A refused invoice save or payment reopens its appointment's Invoice tab. */
  'invoice.update': { mutation: 'updateInvoice', forms: ['invoice.edit'], screen: TIMETABLE },
  /** The owner's Edit invoice dialog on the Report (part 2 §2); a refused edit reopens it there. */
  'invoice.edit': { mutation: 'editInvoice', forms: ['report.editInvoice'], screen: '/salon/reports' },
  'invoice.delete': { mutation: 'deleteInvoice', forms: [], screen: '/salon/reports' },
  'membership.add': { mutation: 'createMembership', forms: ['membership.new'], screen: '/salon/memberships' },
  'membership.delete': { mutation: 'deleteMembership', forms: [], screen: '/salon/memberships' },
  /** The Sale dialog opens from the timetable's top bar. */
  'sale.create': { mutation: 'createCartInvoice', forms: ['sale.new'], screen: TIMETABLE },
  'sale.archive': { mutation: 'archiveCartInvoice', forms: [], screen: TIMETABLE },
  'master.create': { mutation: 'addMaster', forms: ['master.new'], screen: '/salon/staff' },
  'master.update': { mutation: 'updateMaster', forms: ['master.edit'], screen: '/salon/staff' },
  'master.delete': { mutation: 'deleteMaster', forms: [], screen: '/salon/staff' },
  'administrator.update': { mutation: 'updateAdministrator', forms: ['administrator.edit'], screen: '/salon/settings/administrators' },
  'administrator.delete': { mutation: 'deleteAdministrator', forms: [], screen: '/salon/settings/administrators' },
  'workingTime.add': { mutation: 'addWorkingTime', forms: ['workingTime.new'], screen: '/salon/settings/schedule' },
  'workingTime.update': { mutation: 'updateWorkingTime', forms: ['workingTime.edit'], screen: '/salon/settings/schedule' },
  'workingTime.delete': { mutation: 'deleteWorkingTime', forms: [], screen: '/salon/settings/schedule' },
  'schedule.generate': { mutation: 'generateSchedule', forms: [], screen: '/salon/settings/schedule' },
  'salon.update': { mutation: 'updateSalon', forms: ['settings.general'], screen: '/salon/settings' },
  'salon.updateArchiveSettings': { mutation: 'updateSalonArchiveSettings', forms: ['settings.switch'], screen: '/salon/settings' },
  'salon.updateReportSettings': { mutation: 'updateSalonReportSettings', forms: ['settings.switch'], screen: '/salon/settings' },
  'salon.updateClientPhoneSettings': { mutation: 'updateSalonClientPhoneSettings', forms: ['settings.switch'], screen: '/salon/settings' },
  'salon.updateMasterLoginSettings': { mutation: 'updateSalonMasterLoginSettings', forms: ['settings.switch'], screen: '/salon/settings' },
  /** 'Masters may change colleagues' appointments' (issue 63); off, masters change only their own. */
  'salon.updateMasterEditSettings': { mutation: 'updateSalonMasterEditSettings', forms: ['settings.switch'], screen: '/salon/settings' },
  'salon.archiveAppointments': { mutation: 'archiveSelectedAppointments', forms: ['settings.deleteHistory'], screen: '/salon/settings' },
  /** Admin settings → Client messages (issue 57): what the salon tells its clients, and when. */
  'salon.updateClientMessages': {
    mutation: 'updateSalonClientMessages',
    forms: ['settings.clientMessages'],
    screen: '/salon/admin-settings',
  },
  'salon.updateMessageTemplate': {
    mutation: 'updateSalonMessageTemplate',
    forms: ['settings.messageTemplate'],
    screen: '/salon/admin-settings',
  },
  /** Closing the till on the Report's day (issue 59 item 3); a refused one reopens its dialog there. */
  'cashUp.close': { mutation: 'closeCashUp', forms: ['cashUp.close'], screen: '/salon/reports' },
  /** Salon settings → Online booking (issue 61): the salon's own booking page. */
  'onlineBooking.update': {
    mutation: 'updateOnlineBooking',
    forms: ['onlineBooking.settings'],
    screen: '/salon/settings/online-booking',
  },
} as const satisfies Record<string, CommandEntry>;

export type CommandName = keyof typeof COMMANDS;

/** A form that makes a command: its kind is stored with the outbox entry and reopens it when refused. */
export type FormKind = (typeof COMMANDS)[CommandName]['forms'][number];

/**
 * Writes run by the server as commands but never queued: they need the network (adding an administrator sends
 * a password; handing the salon over, inviting a master and revoking a master's access change who may sign
 * in), so their forms wait for the answer.
 */
export const ONLINE_COMMANDS = ['administrator.add', 'salon.transferOwnership', 'master.invite', 'master.revokeAccess'] as const;
export type OnlineCommandName = (typeof ONLINE_COMMANDS)[number];

/** The command of each salon-wide switch (part 2 §7 has one mutation per switch). */
export const SWITCH_COMMANDS = {
  enableArchive: 'salon.updateArchiveSettings',
  reportByType: 'salon.updateReportSettings',
  hideClientPhone: 'salon.updateClientPhoneSettings',
  masterPanelLogin: 'salon.updateMasterLoginSettings',
  mastersEditOthers: 'salon.updateMasterEditSettings',
} as const satisfies Record<SettingSwitch, CommandName>;
export type SwitchCommandName = (typeof SWITCH_COMMANDS)[SettingSwitch];

export const COMMAND_NAMES = Object.keys(COMMANDS) as CommandName[];

export const isCommandName = (name: string): name is CommandName => Object.hasOwn(COMMANDS, name);

/** The screen where a refused change of this form kind reopens, or null for a kind no command has. */
export function screenOfForm(kind: string): string | null {
  for (const name of COMMAND_NAMES) {
    const entry: CommandEntry = COMMANDS[name];
    if (entry.forms.includes(kind)) return entry.screen;
  }
  return null;
}
