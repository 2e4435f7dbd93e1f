import type * as v from 'valibot';
import { deleteAdministratorSchema, updateAdministratorSchema } from '../schemas/administrator';
import {
  archiveAppointmentSchema,
  createAppointmentsSchema,
  deleteAppointmentSchema,
  markNoShowSchema,
  updateAppointmentSchema,
} from '../schemas/appointment';
import { closeCashUpSchema } from '../schemas/cash-up';
import { createCabinetSchema, deleteCabinetSchema, updateCabinetSchema } from '../schemas/cabinet';
import { createClientSchema, deleteClientSchema, setDefaultMastersSchema, updateClientSchema } from '../schemas/client';
import { createInvoiceSchema, deleteInvoiceSchema, editInvoiceSchema, updateInvoiceSchema } from '../schemas/invoice';
import { addManufacturerSchema, deleteManufacturerSchema, updateManufacturerSchema } from '../schemas/manufacturer';
import { createMasterSchema, deleteMasterSchema, updateMasterSchema } from '../schemas/master';
import { createMembershipSchema, deleteMembershipSchema } from '../schemas/membership';
import { addProductSchema, deleteProductSchema, updateProductSchema } from '../schemas/product';
import { archiveCartInvoiceSchema, createCartInvoiceSchema } from '../schemas/sale';
import {
  archiveSelectedAppointmentsSchema,
  updateSalonClientMessagesSchema,
  updateSalonMessageTemplateSchema,
  updateSalonArchiveSettingsSchema,
  updateSalonClientPhoneSettingsSchema,
  updateSalonMasterEditSettingsSchema,
  updateSalonMasterLoginSettingsSchema,
  updateSalonReportSettingsSchema,
  updateSalonSchema,
} from '../schemas/settings';
import {
  createServiceGroupSchema,
  createServiceSchema,
  deleteServiceGroupSchema,
  deleteServiceSchema,
  updateServiceGroupSchema,
  updateServiceSchema,
} from '../schemas/service';
import { addWorkingTimeSchema, deleteWorkingTimeSchema, generateScheduleSchema, updateWorkingTimeSchema } from '../schemas/working-time';
import { updateOnlineBookingSchema } from '../schemas/online-booking';
import type { CommandName } from './catalogue';

/**
 * Each command's input schema (the catalogue's, ./catalogue.ts): the form, the local command and the server's
 * resolver check the same input with it.
 */
export const COMMAND_INPUTS = {
  'appointment.create': createAppointmentsSchema,
  'appointment.update': updateAppointmentSchema,
  'appointment.move': updateAppointmentSchema,
  'appointment.delete': deleteAppointmentSchema,
  'appointment.archive': archiveAppointmentSchema,
  'appointment.markNoShow': markNoShowSchema,
  'client.create': createClientSchema,
  'client.update': updateClientSchema,
  'client.delete': deleteClientSchema,
  'client.setDefaultMasters': setDefaultMastersSchema,
  'cabinet.create': createCabinetSchema,
  'cabinet.update': updateCabinetSchema,
  'cabinet.delete': deleteCabinetSchema,
  'serviceGroup.create': createServiceGroupSchema,
  'serviceGroup.update': updateServiceGroupSchema,
  'serviceGroup.delete': deleteServiceGroupSchema,
  'service.create': createServiceSchema,
  'service.update': updateServiceSchema,
  'service.delete': deleteServiceSchema,
  'manufacturer.add': addManufacturerSchema,
  'manufacturer.update': updateManufacturerSchema,
  'manufacturer.delete': deleteManufacturerSchema,
  'product.add': addProductSchema,
  'product.update': updateProductSchema,
  'product.delete': deleteProductSchema,
  'invoice.create': createInvoiceSchema,
  'invoice.update': updateInvoiceSchema,
  'invoice.edit': editInvoiceSchema,
  'invoice.delete': deleteInvoiceSchema,
  'membership.add': createMembershipSchema,
  'membership.delete': deleteMembershipSchema,
  'sale.create': createCartInvoiceSchema,
  'sale.archive': archiveCartInvoiceSchema,
  'master.create': createMasterSchema,
  'master.update': updateMasterSchema,
  'master.delete': deleteMasterSchema,
  'administrator.update': updateAdministratorSchema,
  'administrator.delete': deleteAdministratorSchema,
  'workingTime.add': addWorkingTimeSchema,
  'workingTime.update': updateWorkingTimeSchema,
  'workingTime.delete': deleteWorkingTimeSchema,
  'schedule.generate': generateScheduleSchema,
  'salon.update': updateSalonSchema,
  'salon.updateArchiveSettings': updateSalonArchiveSettingsSchema,
  'salon.updateReportSettings': updateSalonReportSettingsSchema,
  'salon.updateClientPhoneSettings': updateSalonClientPhoneSettingsSchema,
  'salon.updateMasterLoginSettings': updateSalonMasterLoginSettingsSchema,
  'salon.updateMasterEditSettings': updateSalonMasterEditSettingsSchema,
  'salon.archiveAppointments': archiveSelectedAppointmentsSchema,
  'salon.updateClientMessages': updateSalonClientMessagesSchema,
  'salon.updateMessageTemplate': updateSalonMessageTemplateSchema,
  'onlineBooking.update': updateOnlineBookingSchema,
  'cashUp.close': closeCashUpSchema,
} as const satisfies Record<CommandName, v.GenericSchema>;

/** What a form hands the command (before the schema's defaults and transforms). */
export type CommandInput<N extends CommandName> = v.InferInput<(typeof COMMAND_INPUTS)[N]>;
/** What the command and the server's service work with (after the schema). */
export type CommandValues<N extends CommandName> = v.InferOutput<(typeof COMMAND_INPUTS)[N]>;
