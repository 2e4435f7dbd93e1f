import type { ServerErrorShape } from '../errors';
import { checkDeleteAdministrator, checkUpdateAdministrator } from './administrators';
import {
  checkArchiveAppointment,
  checkCreateAppointments,
  checkDeleteAppointment,
  checkMarkNoShow,
  checkUpdateAppointment,
} from './appointments';
import { checkCloseCashUp } from './cash-ups';
import { checkCreateCabinet, checkDeleteCabinet, checkUpdateCabinet } from './cabinets';
import type { CommandName } from './catalogue';
import { checkCreateClient, checkDeleteClient, checkSetDefaultMasters, checkUpdateClient } from './clients';
import {
  checkAddManufacturer,
  checkAddProduct,
  checkDeleteManufacturer,
  checkDeleteProduct,
  checkUpdateManufacturer,
  checkUpdateProduct,
} from './inventory';
import { checkCreateInvoice, checkDeleteInvoice, checkEditInvoice, checkUpdateInvoice } from './invoices';
import { checkAddMembership, checkDeleteMembership } from './memberships';
import { checkUpdateOnlineBooking } from './online-booking';
import { checkArchiveSale, checkCreateSale } from './sales';
import { checkAddWorkingTime, checkDeleteWorkingTime, checkGenerateSchedule, checkUpdateWorkingTime } from './schedule';
import {
  checkCreateService,
  checkCreateServiceGroup,
  checkDeleteService,
  checkDeleteServiceGroup,
  checkUpdateService,
  checkUpdateServiceGroup,
} from './services';
import {
  checkArchiveSelectedAppointments,
  checkUpdateClientMessages,
  checkUpdateMessageTemplate,
  checkUpdateSalon,
  checkUpdateSwitch,
} from './settings';
import { checkCreateMaster, checkDeleteMaster, checkUpdateMaster } from './staff';

/** A shared check: the command's input, the actor and the reads its side supplies → the first refusal, or null. */
type Check = (...args: never[]) => ServerErrorShape | null;

/**
 * The shared check of each command (decision 035): the local command (src/db/commands) and the server's
 * service (server/modules) both call it, each with its own reads. Kept apart from catalogue.ts so the first
 * paint, which needs the catalogue's screens, does not load every rule; tests/command-catalogue.test.ts
 * holds both sides to it.
 */
export const COMMAND_CHECKS = {
  'appointment.create': checkCreateAppointments,
  'appointment.update': checkUpdateAppointment,
  'appointment.move': checkUpdateAppointment,
  'appointment.delete': checkDeleteAppointment,
  'appointment.archive': checkArchiveAppointment,
  'appointment.markNoShow': checkMarkNoShow,
  'client.create': checkCreateClient,
  'client.update': checkUpdateClient,
  'client.delete': checkDeleteClient,
  'client.setDefaultMasters': checkSetDefaultMasters,
  'cabinet.create': checkCreateCabinet,
  'cabinet.update': checkUpdateCabinet,
  'cabinet.delete': checkDeleteCabinet,
  'serviceGroup.create': checkCreateServiceGroup,
  'serviceGroup.update': checkUpdateServiceGroup,
  'serviceGroup.delete': checkDeleteServiceGroup,
  'service.create': checkCreateService,
  'service.update': checkUpdateService,
  'service.delete': checkDeleteService,
  'manufacturer.add': checkAddManufacturer,
  'manufacturer.update': checkUpdateManufacturer,
  'manufacturer.delete': checkDeleteManufacturer,
  'product.add': checkAddProduct,
  'product.update': checkUpdateProduct,
  'product.delete': checkDeleteProduct,
  'invoice.create': checkCreateInvoice,
  'invoice.update': checkUpdateInvoice,
  'invoice.edit': checkEditInvoice,
  'invoice.delete': checkDeleteInvoice,
  'membership.add': checkAddMembership,
  'membership.delete': checkDeleteMembership,
  'sale.create': checkCreateSale,
  'sale.archive': checkArchiveSale,
  'master.create': checkCreateMaster,
  'master.update': checkUpdateMaster,
  'master.delete': checkDeleteMaster,
  'administrator.update': checkUpdateAdministrator,
  'administrator.delete': checkDeleteAdministrator,
  'workingTime.add': checkAddWorkingTime,
  'workingTime.update': checkUpdateWorkingTime,
  'workingTime.delete': checkDeleteWorkingTime,
  'schedule.generate': checkGenerateSchedule,
  'salon.update': checkUpdateSalon,
  'salon.updateArchiveSettings': checkUpdateSwitch,
  'salon.updateReportSettings': checkUpdateSwitch,
  'salon.updateClientPhoneSettings': checkUpdateSwitch,
  'salon.updateMasterLoginSettings': checkUpdateSwitch,
  'salon.updateMasterEditSettings': checkUpdateSwitch,
  'salon.archiveAppointments': checkArchiveSelectedAppointments,
  'salon.updateClientMessages': checkUpdateClientMessages,
  'salon.updateMessageTemplate': checkUpdateMessageTemplate,
  'onlineBooking.update': checkUpdateOnlineBooking,
  'cashUp.close': checkCloseCashUp,
} as const satisfies Record<CommandName, Check>;
