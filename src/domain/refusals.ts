import type { ServerErrorShape } from './errors';
import { entry, type RefusalEntry } from './refusal-entry';
import { STAFF_REFUSALS } from './refusals-staff';
import { SUPPLIER_REFUSALS } from './refusals-suppliers';
import type { MessageId } from '../i18n/messages/message-id';

/**
 * Every refusal a command can meet (spec part 1 §8, part 2 §8), in one table: its code, reason, the field
 * it belongs on, the catalog message the form shows, and the API's English text. The local commands
 * (src/db/commands), the shared checks (src/domain/commands, src/domain/rules) and the server's services
 * build their refusals from here, so a rule refused on either side reads the same on the form. Staff and supplier
 * rows live in refusals-staff.ts and refusals-suppliers.ts.
 */
export const REFUSALS = {
  forbidden: entry('Forbidden', 'FORBIDDEN', 'error.forbidden', 'Not allowed for this user'),
  /** A command naming a salon other than the session's (docs/decisions/009). */
  notSessionSalon: entry('Forbidden', 'NOT_THE_SESSION_SALON', 'error.forbidden', 'Not allowed for this user'),
  idTaken: entry('AlreadyExists', 'ID_ALREADY_EXISTS', 'error.default', 'An entity with this id already exists'),
  invalidInput: entry('IllegalArgument', 'VALIDATION_FAILED', 'error.default', 'Invalid input'),
  /** Cabinets, services, working time and the rest of the salon's setup: administrators and sysadmins only. */
  salonSetupForbidden: entry('Forbidden', 'MASTER_CANNOT_EDIT_SALON_SETUP', 'error.forbidden', 'Not allowed for this user'),

  // Appointments (part 1 §4, §8)
  appointmentNotExists: entry('NotExists', 'ID_DOES_NOT_EXISTS', 'appointment.notExists', 'This appointment does not exist'),
  appointmentExists: entry('AlreadyExists', 'APPOINTMENT_ALREADY_EXISTS', 'appointment.alreadyExists', 'Same appointment already exists'),
  pastDate: entry('Forbidden', 'PAST_DATE_NOT_ALLOWED', 'appointment.pastDate', 'Only the owner may book on past days', 'startTime'),
  timeOutOfRange: entry('IllegalArgument', 'TIME_OUT_OF_RANGE', 'appointment.timeOutOfRange', 'Time is out of range', 'startTime'),
  timeOverlaps: entry(
    'AlreadyExists',
    'TIME_OVERLAPS_WITH_OTHER_RECORD',
    'appointment.overlaps',
    'Time is overlapping with another appointment',
    'startTime',
  ),
  appointmentPaidLocked: entry(
    'NotAllowed',
    'APPOINTMENT_IS_PAID',
    'appointment.paidLocked',
    "The appointment has invoice and can't be changed anymore.",
  ),
  groupDateLocked: entry(
    'IllegalArgument',
    'GROUPED_DATE_LOCKED',
    'appointment.groupDateLocked',
    'Grouped appointments cannot be moved to another date',
    'startDate',
  ),
  removePaidForbidden: entry(
    'Forbidden',
    'USER_DOES_NOT_HAVE_PERMISSION_TO_REMOVE',
    'appointment.removePaidForbidden',
    'Current user does not have permission to remove paid invoices',
  ),
  /** A master of a salon where masters change only their own appointments (issue 63). */
  notOwnAppointment: entry(
    'Forbidden',
    'NOT_OWN_APPOINTMENT',
    'appointment.notOwn',
    'This salon lets masters change only their own appointments',
  ),
  archivePaidForbidden: entry('Forbidden', 'ARCHIVE_PAID_NOT_ALLOWED', 'error.forbidden', 'Current user may not archive paid appointments'),
  /** No-shows and late cancellations (decision 079). */
  outcomePaid: entry(
    'NotAllowed',
    'OUTCOME_OF_PAID',
    'appointment.outcome.paid',
    "A paid appointment can't be a no-show or a late cancellation.",
  ),
  outcomeWalkIn: entry(
    'IllegalArgument',
    'OUTCOME_OF_WALK_IN',
    'appointment.outcome.walkIn',
    "A walk-in can't be a no-show or a late cancellation.",
  ),
  noShowNotBegun: entry('IllegalArgument', 'NO_SHOW_NOT_BEGUN', 'appointment.noShow.notBegun', 'The visit has not begun yet.'),

  // Clients (part 1 §5, §8)
  masterCannotEditClients: entry('Forbidden', 'MASTER_CANNOT_EDIT_CLIENTS', 'error.forbidden', 'Not allowed for this user'),
  clientNotExists: entry('NotExists', 'ID_DOES_NOT_EXISTS', 'client.notExists', 'This client does not exists.'),
  clientPhoneTaken: entry(
    'AlreadyExists',
    'PHONE_ALREADY_EXISTS',
    'client.phoneExists',
    'Client with the same phone number already exists',
    'phone',
  ),
  /** Shown on the phone field, as in the spec's edit form. */
  clientEmailTaken: entry(
    'AlreadyExists',
    'EMAIL_ALREADY_EXISTS',
    'client.emailExists',
    'Client with the same email already exists',
    'phone',
  ),
  twoDifferentClients: entry(
    'Forbidden',
    'THERE_ARE_TWO_DIFFERENT_USER_WITH_PROVIDED_PHONE_AND_EMAIL',
    'client.twoDifferentUsers',
    'There are two different users with the provided phone and email',
  ),
  globalClientLocked: entry(
    'Forbidden',
    'GLOBAL_CLIENT_IDENTITY_LOCKED',
    'client.globalReadOnly',
    'The identity of a global client cannot be changed',
  ),
  birthdayBeforeToday: entry(
    'Forbidden',
    'BIRTHDAY_BEFORE_TODAY',
    'client.birthdayFromToday',
    'Only the salon owner can set a date before today',
    'birthday',
  ),
  /** A GLOBAL client's account is missing or no longer has the phone or e-mail the form was filled with. */
  foundUserMismatch: entry(
    'IllegalArgument',
    'VALIDATION_FAILED',
    'client.userMismatch',
    'The found user does not match this phone or e-mail',
    'phone',
  ),
  defaultMastersClientNotExists: entry('NotExists', 'CLIENT_NOT_EXISTS', 'client.defaultMasters.notExists', 'This client does not exist'),
  unknownDefaultMaster: entry(
    'IllegalArgument',
    'VALIDATION_FAILED',
    'client.defaultMasters.unknownMaster',
    'Invalid input for masters',
    'masters',
  ),

  // Salon settings (part 2 §2, §4, §8)
  salonNotExists: entry('NotExists', 'SALON_DOES_NOT_EXIST', 'error.default', 'Salon does not exist'),
  bookingSlugTaken: entry(
    'AlreadyExists',
    'BOOKING_ADDRESS_TAKEN',
    'onlineBooking.slugTaken',
    'Another salon has this booking page address',
    'slug',
  ),
  salonNameTaken: entry(
    'AlreadyExists',
    'NAME_ALREADY_EXISTS',
    'error.salon.nameExists',
    'Salon with the same name already exists',
    'name',
  ),
  settingsForbidden: entry('Forbidden', 'ONLY_ADMINISTRATORS_CHANGE_SETTINGS', 'error.forbidden', 'Not allowed for this user'),
  /** 'Enable archive for common administrators' is the owner's (docs/decisions/013). */
  archiveSettingForbidden: entry('Forbidden', 'ONLY_OWNER_CHANGES_ARCHIVE', 'error.forbidden', 'Not allowed for this user'),
  /** Delete appointments archives paid ones too: the archive setting, the owner or a sysadmin. */
  archiveHistoryForbidden: entry('Forbidden', 'ARCHIVE_NOT_ALLOWED', 'error.forbidden', 'Not allowed for this user'),
  /** Client messages: SMS switched on where the server has no SMS provider (issue 57 item 3). */
  smsNotConfigured: entry(
    'IllegalArgument',
    'SMS_NOT_CONFIGURED',
    'settings.clientMessages.smsNotConfigured',
    'SMS are not configured on this server',
    'clientMessages.sms',
  ),
  /** Delete appointments: the range is upside down or reaches past today (the message id says which). */
  badArchiveRange: entry('IllegalArgument', 'VALIDATION_FAILED', 'error.default', 'Invalid date range', 'range'),

  // Cabinets (part 2 §1, §8)
  cabinetNotExists: entry('NotExists', 'ID_DOES_NOT_EXISTS', 'cabinet.notExists', 'This cabinet does not exist'),
  /** Field nameVariants.<language>. */
  cabinetNameTaken: entry('AlreadyExists', 'NAME_ALREADY_EXISTS', 'cabinet.nameExists', 'Cabinet with the same name already exists'),
  cabinetUnknownServiceGroup: entry(
    'IllegalArgument',
    'VALIDATION_FAILED',
    'cabinet.unknownServiceGroup',
    'Invalid input for serviceGroups',
    'serviceGroups',
  ),

  // Working time and schedule (part 2 §5, §8)
  workingTimeNotExists: entry('NotExists', 'ID_DOES_NOT_EXISTS', 'workingTime.notExists', 'This working time does not exist'),
  scheduleMasterNotExists: entry('NotExists', 'ID_DOES_NOT_EXISTS', 'workingTime.masterNotExists', 'This master does not exist'),
  endBeforeStart: entry(
    'IllegalArgument',
    'END_BEFORE_START',
    'workingTime.endBeforeStart',
    'End time cannot be less then start time',
    'endAt',
  ),
  workingTimeOverlaps: entry(
    'AlreadyExists',
    'TIME_OVERLAPS_WITH_OTHER_RECORD',
    'workingTime.overlaps',
    'Working time is overlapping with the existing schedule',
    'startAt',
  ),
  /** Field startAt or endAt. */
  workingTimeOutOfRange: entry(
    'IllegalArgument',
    'TIME_OUT_OF_RANGE',
    'workingTime.outOfRange',
    'The time is outside the salon schedule or its step',
  ),
  cannotChangeWithAppointments: entry(
    'NotAllowed',
    'APPOINTMENTS_EXIST_THAT_DAY',
    'workingTime.cannotChange',
    'Schedule cannot be changed, because there are appointments for that day',
  ),
  cannotDeleteWithAppointments: entry(
    'NotAllowed',
    'APPOINTMENTS_EXIST_THAT_DAY',
    'workingTime.cannotDelete',
    'Schedule cannot be deleted, because there are appointments for that day',
  ),
  /** Generate schedule: a range or field the form has its own message for (message id and field given). */
  scheduleRangeInvalid: entry('IllegalArgument', 'VALIDATION_FAILED', 'error.default', 'Invalid schedule range'),

  ...STAFF_REFUSALS,
  ...SUPPLIER_REFUSALS,

  // Services (part 2 §3, §8)
  /** Field nameVariants.<language>. */
  serviceGroupNameTaken: entry(
    'AlreadyExists',
    'NAME_ALREADY_EXISTS',
    'serviceGroup.nameExists',
    'Service group with the same name already exists',
  ),
  /** Field nameVariants.<language>. */
  serviceNameTaken: entry('AlreadyExists', 'NAME_ALREADY_EXISTS', 'service.nameExists', 'Service with the same name already exists'),
  serviceNotExists: entry('NotExists', 'ID_DOES_NOT_EXISTS', 'service.notExists', 'This service does not exist'),

  // Closing the till (issue 59 item 3)
  cashUpClosed: entry('AlreadyExists', 'CASH_UP_ALREADY_EXISTS', 'cashUp.closed', 'This day is already closed', 'countedCash'),
  cashUpFuture: entry('IllegalArgument', 'CASH_UP_DAY_NOT_OVER', 'cashUp.future', 'A day is closed on that day or after', 'date'),

  // Inventory (part 2 §3, §8)
  manufacturerNameTaken: entry(
    'AlreadyExists',
    'NAME_ALREADY_EXISTS',
    'manufacturer.nameExists',
    'Manufacturer with the same name already exists',
    'name',
  ),
  manufacturerNotExists: entry('NotExists', 'ID_DOES_NOT_EXISTS', 'manufacturer.notExists', 'This manufacturer does not exist'),
  productNameTaken: entry(
    'AlreadyExists',
    'NAME_ALREADY_EXISTS',
    'product.nameExists',
    'Product with the same name already exists',
    'name',
  ),
  productNotExists: entry('NotExists', 'ID_DOES_NOT_EXISTS', 'product.notExists', 'This product does not exist'),
  productStockBelowZero: entry(
    'IllegalArgument',
    'STOCK_BELOW_ZERO',
    'product.stockBelowZero',
    'The stock would fall below zero: units were sold meanwhile',
    'quantity',
  ),
  productUnknownManufacturer: entry(
    'IllegalArgument',
    'VALIDATION_FAILED',
    'product.enterManufacturer',
    'Invalid input for manufacturer',
    'manufacturer',
  ),

  // Memberships (part 1 §5, §8)
  masterCannotManageMemberships: entry('Forbidden', 'MASTER_CANNOT_MANAGE_MEMBERSHIPS', 'error.forbidden', 'Not allowed for this user'),
  membershipSerialTaken: entry(
    'AlreadyExists',
    'SERIAL_NUMBER_ALREADY_EXISTS',
    'membership.serialExists',
    'Membership with same serial number already exists',
    'serialNumber',
  ),
  membershipNotExists: entry('NotExists', 'ID_DOES_NOT_EXISTS', 'membership.notExists', 'This membership does not exist'),
  membershipUnknownService: entry('IllegalArgument', 'VALIDATION_FAILED', 'membership.selectService', 'Select service type', 'service'),

  // Invoices and sales (part 1 §4, §6, §8)
  invoiceNotExists: entry('NotExists', 'ID_DOES_NOT_EXISTS', 'invoice.notExists', 'This invoice does not exist'),
  invoiceExists: entry('AlreadyExists', 'INVOICE_ALREADY_EXISTS', 'invoice.alreadyExists', 'The appointment already has an invoice'),
  invoicePaidLocked: entry('NotAllowed', 'INVOICE_IS_PAID', 'invoice.paidLocked', "The invoice is paid and can't be changed anymore."),
  masterCannotAddInvoiceItems: entry('Forbidden', 'MASTER_CANNOT_ADD_INVOICE_ITEMS', 'error.forbidden', 'Masters cannot add invoice items'),
  /** An invoice line field the salon has nothing for (field and message id given). */
  invoiceItemInvalid: entry('IllegalArgument', 'VALIDATION_FAILED', 'error.default', 'Invalid input for an invoice item'),
  onlyOneMembershipUse: entry(
    'IllegalArgument',
    'ONLY_ONE_MEMBERSHIP_USE',
    'invoice.oneMembershipUse',
    'Only one use of membership is allowed',
    'items',
  ),
  membershipDoesNotExist: entry('NotExists', 'MEMBERSHIP_DOES_NOT_EXIST', 'invoice.membershipNotExists', 'Membership does not exist'),
  membershipRunOut: entry(
    'IllegalArgument',
    'NEGATIVE_QUANTITY_OF_MEMBERSHIP_USES',
    'invoice.membershipRunOut',
    'Membership is run out of uses',
  ),
  negativeProductQuantity: entry('IllegalArgument', 'NEGATIVE_PRODUCT_QUANTITY', 'sale.quantityTooBig', 'Invoice item quantity is too big'),
  masterCannotSell: entry('Forbidden', 'MASTER_CANNOT_SELL', 'error.forbidden', 'Not allowed for this user'),
  saleNotExists: entry('NotExists', 'ID_DOES_NOT_EXISTS', 'sale.notExists', 'This sale does not exist'),
  saleUnknownAdministrator: entry(
    'IllegalArgument',
    'VALIDATION_FAILED',
    'sale.selectAdministrator',
    'Select administrator',
    'administrator',
  ),
  /** Field items.<index>.entity. */
  saleUnknownProduct: entry('IllegalArgument', 'VALIDATION_FAILED', 'sale.selectProduct', 'Select product'),
  // Editing and removing invoices from the Report (part 2 §2, §5, §6; decision 039): the owner only.
  invoiceEditForbidden: entry(
    'Forbidden',
    'ONLY_OWNER_EDITS_INVOICES',
    'error.forbidden',
    'Only the salon owner may edit or remove invoices',
  ),
  invoiceItemNotExists: entry('NotExists', 'ID_DOES_NOT_EXISTS', 'invoice.itemNotExists', 'This invoice item does not exist'),
  /** MEMBERSHIP chosen for a line that is not the one use of the invoice's membership (its service, quantity 1). */
  membershipNotForItem: entry(
    'IllegalArgument',
    'MEMBERSHIP_NOT_FOR_ITEM',
    'invoice.membershipNotForItem',
    "This item can't be paid by the membership",
    'paymentType',
  ),
  saleArchiveForbidden: entry('Forbidden', 'ARCHIVE_PAID_NOT_ALLOWED', 'error.forbidden', 'Current user may not archive paid sales'),

  // Subscription (part 2 §2, §7, §8; issue 20, decision 047): the salon's administrators (the owner among them).
  subscriptionForAdministrators: entry('Forbidden', 'SUBSCRIPTION_IS_FOR_ADMINISTRATORS', 'error.forbidden', 'Not allowed for this user'),
  paymentsNotConfigured: entry(
    'NotAllowed',
    'PAYMENTS_NOT_CONFIGURED',
    'subscription.notConfigured',
    'Card payments are not configured on this server',
  ),
  /** The card was not set up for this salon's customer (or does not exist). */
  paymentMethodNotFound: entry(
    'NotExists',
    'PAYMENT_METHOD_NOT_FOUND',
    'subscription.failed',
    'This card was not set up for the salon',
    'paymentMethod',
  ),
  /** Another window of the salon is submitting its card (decision 083): one submit at a time starts a subscription. */
  subscriptionNotCancelable: entry(
    'NotAllowed',
    'SUBSCRIPTION_NOT_CANCELABLE',
    'billing.notCancelable',
    'The salon has no running subscription to cancel',
  ),
  subscriptionNotResumable: entry('NotAllowed', 'SUBSCRIPTION_NOT_RESUMABLE', 'billing.notResumable', 'The subscription is not set to end'),
  subscriptionChangeInProgress: entry(
    'NotAllowed',
    'SUBSCRIPTION_CHANGE_IN_PROGRESS',
    'subscription.changeInProgress',
    'The card is being saved in another window',
    'paymentMethod',
  ),
  /** getInvoices' `after` names no invoice of the salon's customer (Stripe's resource_missing on starting_after). */
  invoiceCursorNotFound: entry('NotExists', 'INVOICE_NOT_FOUND', 'validation.id.invalid', 'No invoice of the salon has this id', 'after'),
  /** Stripe refused or could not be reached; the text the API sends is never Stripe's own (it may name the card). */
  paymentProviderFailed: entry(
    'InternalError',
    'PAYMENT_PROVIDER_ERROR',
    'subscription.failed',
    'The payment provider refused the request',
  ),
} as const satisfies Record<string, RefusalEntry>;

export type RefusalName = keyof typeof REFUSALS;

/** What a refusal may say beyond its table entry: the field it is on, a more exact message id or text. */
export interface RefusalDetails {
  field?: string | null;
  messageId?: MessageId;
  message?: string;
}

/** The refusal `name` as the API sends it (the same shape locally and from the server). */
export function refusal(name: RefusalName, details: RefusalDetails = {}): ServerErrorShape {
  const e: RefusalEntry = REFUSALS[name];
  return {
    code: e.code,
    reason: e.reason,
    field: details.field !== undefined ? details.field : e.field,
    messageId: details.messageId ?? e.messageId,
    message: details.message ?? e.message,
  };
}
