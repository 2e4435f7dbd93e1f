import type { ErrorCode, ServerErrorShape } from '../../src/domain/errors';
import * as booking from '../../src/domain/rules/appointments';
import { AppError } from './errors';

/**
 * The spec's refusals (part 1 §8) with their reasons, fields and message ids (src/domain/errors.ts maps
 * them to the form). One place, so the service checks and the database-constraint mapping say the same.
 */
export const notExists = (what: 'appointment' | 'client' | 'master' | 'cabinet' | 'service', field: string | null = null) =>
  new AppError('NotExists', what === 'client' ? 'This client does not exists.' : `This ${what} does not exist`, {
    reason: 'ID_DOES_NOT_EXISTS',
    field,
    messageId: what === 'client' ? 'client.notExists' : 'appointment.notExists',
  });

const TEXTS: Record<string, string> = {
  TIME_OVERLAPS_WITH_OTHER_RECORD: 'Time is overlapping with another appointment',
  TIME_OUT_OF_RANGE: 'Time is out of range',
  PAST_DATE_NOT_ALLOWED: 'Only the owner may book on past days',
};

/** A refusal of a shared domain rule (src/domain/rules), thrown as the API's error with the same shape. */
export function fromShape(shape: ServerErrorShape): AppError {
  return new AppError((shape.code ?? 'IllegalArgument') as ErrorCode, shape.message ?? TEXTS[shape.reason ?? ''] ?? 'Refused', {
    reason: shape.reason ?? undefined,
    field: shape.field ?? null,
    messageId: shape.messageId ?? undefined,
  });
}

export const timeOverlaps = () => fromShape(booking.timeOverlaps());

export const appointmentExists = () =>
  new AppError('AlreadyExists', 'Same appointment already exists', { reason: 'APPOINTMENT_ALREADY_EXISTS', messageId: 'appointment.alreadyExists' });

export const cannotRemovePaid = () =>
  new AppError('Forbidden', 'Current user does not have permission to remove paid invoices', {
    reason: 'USER_DOES_NOT_HAVE_PERMISSION_TO_REMOVE', messageId: 'appointment.removePaidForbidden',
  });

export const cannotArchivePaid = () =>
  new AppError('Forbidden', 'Current user may not archive paid appointments', { reason: 'ARCHIVE_PAID_NOT_ALLOWED', messageId: 'error.forbidden' });

export const phoneTaken = () =>
  new AppError('AlreadyExists', 'Client with the same phone number already exists', { reason: 'PHONE_ALREADY_EXISTS', field: 'phone', messageId: 'client.phoneExists' });

/** Shown on the phone field, as in the spec's edit form. */
export const emailTaken = () =>
  new AppError('AlreadyExists', 'Client with the same email already exists', { reason: 'EMAIL_ALREADY_EXISTS', field: 'phone', messageId: 'client.emailExists' });

export const twoDifferentClients = () =>
  new AppError('Forbidden', 'There are two different users with the provided phone and email', {
    reason: 'THERE_ARE_TWO_DIFFERENT_USER_WITH_PROVIDED_PHONE_AND_EMAIL', field: 'phone', messageId: 'client.twoDifferentUsers',
  });

export const clientIdExists = () =>
  new AppError('AlreadyExists', 'A client with this id already exists', { reason: 'ID_ALREADY_EXISTS', messageId: 'error.default' });

export const globalClientLocked = () =>
  new AppError('Forbidden', 'The identity of a global client cannot be changed', { reason: 'GLOBAL_CLIENT_IDENTITY_LOCKED', messageId: 'client.globalReadOnly' });

/** Default masters (part 1 §8 'Default masters'): the client is missing, deleted or of another salon. */
export const defaultMastersClientNotExists = () =>
  new AppError('NotExists', 'This client does not exist', { reason: 'CLIENT_NOT_EXISTS', messageId: 'client.defaultMasters.notExists' });

/** A default master that is not a live master of the salon: a validation error on the form's masters field. */
export const unknownDefaultMaster = () =>
  new AppError('IllegalArgument', 'Invalid input for masters', {
    reason: 'VALIDATION_FAILED', field: 'masters', messageId: 'client.defaultMasters.unknownMaster',
  });

/**
 * A GLOBAL client's user account is missing, not one the lookup may find, or no longer has the phone or
 * e-mail the form was filled with: shown on the phone field, where the lookup runs.
 */
export const foundUserMismatch = () =>
  new AppError('IllegalArgument', 'The found user does not match this phone or e-mail', {
    reason: 'VALIDATION_FAILED', field: 'phone', messageId: 'client.userMismatch',
  });

/** General settings (part 2 §8): the salon's name belongs to one live salon (unique index salons_name_key). */
export const salonNameTaken = () =>
  new AppError('AlreadyExists', 'Salon with the same name already exists', { reason: 'NAME_ALREADY_EXISTS', field: 'name', messageId: 'error.salon.nameExists' });

/** Delete appointments (part 2 §2): the range is upside down or reaches past today. */
export const badArchiveRange = (messageId: string) =>
  new AppError('IllegalArgument', 'Invalid date range', { reason: 'VALIDATION_FAILED', field: 'range', messageId });

/** Cabinet create or edit with a name another live cabinet of the salon has in that language (part 2 §8). */
export const cabinetNameTaken = (language: string) =>
  new AppError('AlreadyExists', 'Cabinet with the same name already exists', {
    reason: 'NAME_ALREADY_EXISTS', field: `nameVariants.${language}`, messageId: 'cabinet.nameExists',
  });

export const cabinetNotExists = () =>
  new AppError('NotExists', 'This cabinet does not exist', { reason: 'ID_DOES_NOT_EXISTS', messageId: 'cabinet.notExists' });

/** A chosen service group that is not a live group of the salon: a validation error on the form's field. */
export const unknownServiceGroup = () =>
  new AppError('IllegalArgument', 'Invalid input for serviceGroups', {
    reason: 'VALIDATION_FAILED', field: 'serviceGroups', messageId: 'cabinet.unknownServiceGroup',
  });

export const idTaken = () => new AppError('AlreadyExists', 'An entity with this id already exists', { reason: 'ID_ALREADY_EXISTS', messageId: 'error.default' });

export const workingTimeNotExists = () =>
  new AppError('NotExists', 'This working time does not exist', { reason: 'ID_DOES_NOT_EXISTS', messageId: 'workingTime.notExists' });

export const scheduleMasterNotExists = () =>
  new AppError('NotExists', 'This master does not exist', { reason: 'ID_DOES_NOT_EXISTS', field: 'master', messageId: 'workingTime.masterNotExists' });

/** Master add and update (part 2 §8). */
export const masterNotExists = () =>
  new AppError('NotExists', 'This master does not exist', { reason: 'ID_DOES_NOT_EXISTS', messageId: 'master.notExists' });
export const masterPhoneTaken = () =>
  new AppError('AlreadyExists', 'Master with the same phone number already exists', { reason: 'PHONE_ALREADY_EXISTS', field: 'phone', messageId: 'master.phoneExists' });
export const masterEmailTaken = () =>
  new AppError('AlreadyExists', 'Master with the same email already exists', { reason: 'EMAIL_ALREADY_EXISTS', field: 'email', messageId: 'master.emailExists' });
export const masterUnknownServiceGroup = () =>
  new AppError('IllegalArgument', 'Select service groups the master provide', { reason: 'VALIDATION_FAILED', field: 'serviceGroups', messageId: 'master.selectServiceGroups' });

/** Service group or service create or edit with a name already taken in that language (part 2 §8). */
export const serviceGroupNameTaken = (language: string) =>
  new AppError('AlreadyExists', 'Service group with the same name already exists', {
    reason: 'NAME_ALREADY_EXISTS', field: `nameVariants.${language}`, messageId: 'serviceGroup.nameExists',
  });

export const serviceNameTaken = (language: string) =>
  new AppError('AlreadyExists', 'Service with the same name already exists', {
    reason: 'NAME_ALREADY_EXISTS', field: `nameVariants.${language}`, messageId: 'service.nameExists',
  });

/** Service or group update of one that is gone (part 2 §8 'This service does not exist'). */
export const serviceNotExists = () =>
  new AppError('NotExists', 'This service does not exist', { reason: 'ID_DOES_NOT_EXISTS', messageId: 'service.notExists' });

export const manufacturerNameTaken = () =>
  new AppError('AlreadyExists', 'Manufacturer with the same name already exists', { reason: 'NAME_ALREADY_EXISTS', field: 'name', messageId: 'manufacturer.nameExists' });

export const manufacturerNotExists = () =>
  new AppError('NotExists', 'This manufacturer does not exist', { reason: 'ID_DOES_NOT_EXISTS', messageId: 'manufacturer.notExists' });

/** Membership create (part 1 §8 'Membership with same serial number already exists'), on the serial number field. */
export const membershipSerialTaken = () =>
  new AppError('AlreadyExists', 'Membership with same serial number already exists', {
    reason: 'SERIAL_NUMBER_ALREADY_EXISTS', field: 'serialNumber', messageId: 'membership.serialExists',
  });

export const membershipNotExists = () =>
  new AppError('NotExists', 'This membership does not exist', { reason: 'ID_DOES_NOT_EXISTS', messageId: 'membership.notExists' });

/** A service that is not one of the salon's (live or deleted): 'Select service type' on the service field. */
export const membershipUnknownService = () =>
  new AppError('IllegalArgument', 'Select service type', { reason: 'VALIDATION_FAILED', field: 'service', messageId: 'membership.selectService' });

/** Product add and update (part 2 §8): the name is taken among the manufacturer's live products. */
export const productNameTaken = () =>
  new AppError('AlreadyExists', 'Product with the same name already exists', { reason: 'NAME_ALREADY_EXISTS', field: 'name', messageId: 'product.nameExists' });

/** Product update or delete of one that is gone or of another salon (part 2 §8). */
export const productNotExists = () =>
  new AppError('NotExists', 'This product does not exist', { reason: 'ID_DOES_NOT_EXISTS', messageId: 'product.notExists' });

/** A manufacturer that is not a live one of the salon (nor the product's current one): 'Enter product manufacturer'. */
export const productUnknownManufacturer = () =>
  new AppError('IllegalArgument', 'Invalid input for manufacturer', { reason: 'VALIDATION_FAILED', field: 'manufacturer', messageId: 'product.enterManufacturer' });

/** Sale and invoice (part 1 §8 'Sale'): a product line asks for more than the stock holds. */
export const negativeProductQuantity = () =>
  new AppError('IllegalArgument', 'Invoice item quantity is too big', { reason: 'NEGATIVE_PRODUCT_QUANTITY', messageId: 'sale.quantityTooBig' });

/** Sale archive of an invoice that is not a cart invoice of the salon (part 1 §7 archiveCartInvoice). */
export const saleNotExists = () =>
  new AppError('NotExists', 'This sale does not exist', { reason: 'ID_DOES_NOT_EXISTS', messageId: 'sale.notExists' });

/** Sale: the chosen administrator is not a live administrator of the salon ('Select administrator'). */
export const saleUnknownAdministrator = () =>
  new AppError('IllegalArgument', 'Select administrator', { reason: 'VALIDATION_FAILED', field: 'administrator', messageId: 'sale.selectAdministrator' });

/** Sale: row `index` names no live product of the salon ('Select product'). */
export const saleUnknownProduct = (index: number) =>
  new AppError('IllegalArgument', 'Select product', { reason: 'VALIDATION_FAILED', field: `items.${index}.entity`, messageId: 'sale.selectProduct' });

/** Archiving a paid sale needs the archive setting, or the owner, or a sysadmin (part 1 §6). */
export const cannotArchiveSale = () =>
  new AppError('Forbidden', 'Current user may not archive paid sales', { reason: 'ARCHIVE_PAID_NOT_ALLOWED', messageId: 'error.forbidden' });

/** Invoices of appointments (part 1 §4, §8); the membership and stock refusals come from src/domain/rules/invoice.ts. */
export const invoiceNotExists = () =>
  new AppError('NotExists', 'This invoice does not exist', { reason: 'ID_DOES_NOT_EXISTS', messageId: 'invoice.notExists' });

/** createInvoice 'only when none exists' (also the unique index invoices_appointment_key). */
export const invoiceExists = () =>
  new AppError('AlreadyExists', 'The appointment already has an invoice', { reason: 'INVOICE_ALREADY_EXISTS', messageId: 'invoice.alreadyExists' });

/** 'Once paid: items read-only' (part 1 §4). */
export const invoicePaidLocked = () =>
  new AppError('NotAllowed', "The invoice is paid and can't be changed anymore.", { reason: 'INVOICE_IS_PAID', messageId: 'invoice.paidLocked' });

/** 'MASTER … cannot add invoice items' (part 1 §6). */
export const masterCannotAddInvoiceItems = () =>
  new AppError('Forbidden', 'Masters cannot add invoice items', { reason: 'MASTER_CANNOT_ADD_INVOICE_ITEMS', messageId: 'error.forbidden' });

/** An invoice line field the salon has nothing for: the form's own message on that line's field. */
export const invoiceItemInvalid = (field: string, messageId: string) =>
  new AppError('IllegalArgument', `Invalid input for ${field}`, { reason: 'VALIDATION_FAILED', field, messageId });
