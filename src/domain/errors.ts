import type { MessageId } from '../i18n/messages/message-id';
/**
 * How a form shows a failed call (part 1 §8, part 2 §8), per operation; every screen goes through `describeError`.
 * A command's refusal carries its message id and field from the one table of refusals (./refusals.ts), locally
 * and from the server alike, so the commands' operations only add what is not a refusal; the online operations
 * (login, sign-up, reset, suppliers, seminars, the subscription...) keep their own small rules.
 */
export type ErrorCode =
  | 'UserNotFound'
  | 'InvalidPassword'
  | 'NotExists'
  | 'AlreadyExists'
  | 'Forbidden'
  | 'NotAllowed'
  | 'IllegalArgument'
  | 'InternalError'
  | 'Unauthenticated'
  | 'TooManyRequests';

export interface ServerErrorShape {
  code?: string | null;
  reason?: string | null;
  field?: string | null;
  message?: string | null;
  /** Validation errors carry the schema's message id. */
  messageId?: MessageId | null;
  /** SEQ_GAP refusals say which command the server expects next. */
  expectedSeq?: number | null;
}

/** A GraphQL error's message and extensions as the shared shape: what the client reads of a mutation's error and of a batch's answer. */
export function errorShapeOf(message: string, extensions: Record<string, unknown> = {}): ServerErrorShape {
  const text = (key: string) => {
    const value = extensions[key];
    return typeof value === 'string' || value === null ? value : undefined;
  };
  const shape: ServerErrorShape = {
    code: text('code'),
    reason: text('reason'),
    field: text('field'),
    messageId: text('messageId') as MessageId | null | undefined,
    message,
  };
  if (typeof extensions.expectedSeq === 'number') shape.expectedSeq = extensions.expectedSeq;
  return shape;
}

interface Rule {
  /** Matches an error carrying its own message id (a refusal of ./refusals.ts or a validation error): shown as it says. */
  carried?: true;
  code?: ErrorCode;
  reason?: string;
  messageId?: MessageId;
  /** Field the message belongs on; `keep` uses the server's field. */
  field?: string | null | 'keep';
}

interface OperationErrors {
  rules: Rule[];
  /** Message when no rule matches; `server` shows the server's own message first. */
  fallback: MessageId;
  serverMessageFirst?: boolean;
}

const validation: Rule = { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'keep' };
const carried: Rule = { carried: true };
const forbiddenRule: Rule = { code: 'Forbidden', messageId: 'error.forbidden', field: null };
const throttled: Rule = { code: 'TooManyRequests', messageId: 'error.tooManyAttempts', field: null };

export const ERRORS = {
  login: {
    rules: [
      validation,
      throttled,
      { code: 'UserNotFound', messageId: 'error.login.userNotFound', field: 'username' },
      { code: 'InvalidPassword', messageId: 'error.login.invalidPassword', field: 'password' },
      { code: 'NotAllowed', reason: 'NO_PANEL_ACCESS', messageId: 'error.login.noPanelAccess', field: null },
    ],
    fallback: 'error.login.default',
    serverMessageFirst: true,
  },
  resetPassword: {
    rules: [validation, throttled, { code: 'NotExists', messageId: 'error.reset.notExists', field: 'email' }],
    fallback: 'error.reset.default',
  },
  signup: {
    rules: [
      validation,
      throttled,
      { code: 'AlreadyExists', reason: 'NAME_ALREADY_EXISTS', messageId: 'error.signup.nameExists', field: 'salonName' },
      { code: 'AlreadyExists', reason: 'EMAIL_ALREADY_EXISTS', messageId: 'error.signup.emailExists', field: 'email' },
      { code: 'NotAllowed', reason: 'CAPTCHA_FAILED', messageId: 'access.signup.solveCaptcha', field: 'captcha' },
    ],
    fallback: 'error.default',
  },
  changePassword: {
    rules: [
      carried,
      validation,
      { code: 'NotExists', messageId: 'error.changePassword.notExists', field: null },
      { code: 'NotAllowed', messageId: 'error.changePassword.notAllowed', field: null },
    ],
    fallback: 'error.changePassword.default',
  },
  verifyEmail: {
    rules: [{ code: 'NotExists', messageId: 'error.verifyEmail.notExists', field: null }],
    fallback: 'error.verifyEmail.notExists',
  },
  createSalon: {
    rules: [
      validation,
      { code: 'AlreadyExists', reason: 'NAME_ALREADY_EXISTS', messageId: 'error.salon.nameExists', field: 'name' },
      forbiddenRule,
    ],
    fallback: 'error.default',
  },
  profile: {
    rules: [validation],
    fallback: 'error.default',
    serverMessageFirst: true,
  },
  /** Appointment create, update, drag, delete and archive (part 1 §8 'Appointment update/create', 'Appointment delete'). */
  appointment: { rules: [carried, forbiddenRule], fallback: 'error.default' },
  /** Client create, update and delete (part 1 §8 'Client create/update'). */
  client: { rules: [carried, forbiddenRule], fallback: 'error.default', serverMessageFirst: true },
  /** getDefaultMasters and setDefaultMasters (part 1 §8 'Default masters'); an unknown master is a validation error on `masters`. */
  defaultMasters: { rules: [carried], fallback: 'error.default' },
  /** Cabinet create, edit and delete (part 2 §8); else the server's message, else the default. */
  cabinet: { rules: [carried, forbiddenRule], fallback: 'error.default', serverMessageFirst: true },
  /** Master add, update and delete (Staff, part 2 §8); else the server's message, else the default. */
  master: { rules: [carried, forbiddenRule], fallback: 'error.default', serverMessageFirst: true },
  /** A master's own calendar feed (issue 58): on, new address, off; the server's refusal carries its message. */
  calendarFeed: { rules: [carried, forbiddenRule, throttled], fallback: 'error.default' },
  /** Inviting a master to the panel and revoking the access (issue 63); a mail server that is down says so. */
  masterAccess: {
    rules: [
      carried,
      forbiddenRule,
      throttled,
      { code: 'InternalError', reason: 'MAIL_FAILED', messageId: 'master.access.mailFailed', field: null },
      { code: 'InternalError', reason: 'SMS_FAILED', messageId: 'master.access.smsFailed', field: null },
    ],
    fallback: 'error.default',
  },
  /** Service group and service create, edit and delete (part 2 §8): the same name in a language is refused on that language's field. */
  serviceGroup: { rules: [carried, forbiddenRule], fallback: 'error.default', serverMessageFirst: true },
  service: { rules: [carried, forbiddenRule], fallback: 'error.default', serverMessageFirst: true },
  /** Manufacturer add, edit and delete (part 2 §8). */
  manufacturer: { rules: [carried, forbiddenRule], fallback: 'error.default', serverMessageFirst: true },
  /**
   * Product add, update and delete (part 2 §8); else the default ('Deleting … a product shows no message on failure':
   * the delete dialog has closed by then, so only the conflicts list keeps it).
   */
  product: { rules: [carried, forbiddenRule], fallback: 'error.default' },
  /** Membership create and delete (part 1 §8 'Membership create: AlreadyExists … else default'). */
  membership: { rules: [carried, forbiddenRule], fallback: 'error.default' },
  /**
   * Sale (part 1 §8 'Sale'): InternalError/INTERNAL_SERVER_ERROR 'Internal server error'; else 'Something went wrong'.
   * A failed archive shows the same default.
   */
  sale: {
    rules: [carried, { code: 'InternalError', messageId: 'sale.internalError', field: null }, forbiddenRule],
    fallback: 'error.default',
  },
  /**
   * Invoice create, save and pay (part 1 §8 'Invoice save'); else the server's message, else the default. A failed
   * create shows 'Unable to create invoice' with this message (src/ui/invoices).
   */
  invoice: { rules: [carried, forbiddenRule], fallback: 'error.default', serverMessageFirst: true },
  /**
   * The owner's Edit invoice and Remove Invoice on the Report (part 2 §8 says the old panel swallowed their errors;
   * ours shows each on the dialog, decision 039), a refusal of the owner's right as the Report says it.
   */
  invoiceEdit: {
    rules: [{ code: 'Forbidden', messageId: 'report.edit.forbidden', field: null }, carried],
    fallback: 'error.default',
  },
  /** Closing the till (issue 59 item 3): a day closed meanwhile shows on the counted cash. */
  cashUp: { rules: [carried, forbiddenRule], fallback: 'error.default' },
  /** Working time add, update and delete (part 2 §4, §5). */
  workingTime: { rules: [carried, forbiddenRule], fallback: 'error.default' },
  /** Generate schedule: 'errors not handled' by the old panel (part 2 §8); the range rules show on their fields. */
  generateSchedule: { rules: [carried, forbiddenRule], fallback: 'error.default' },
  /** General settings: updateSalon and the switches (part 2 §5, §8 'Salon with the same name already exists'). */
  salonSettings: { rules: [carried, forbiddenRule], fallback: 'error.default' },
  /** Delete appointments (archiveSelectedAppointments, part 2 §4): a bad range shows on the range field. */
  archiveHistory: { rules: [carried, forbiddenRule], fallback: 'error.default' },
  /**
   * Administrator add, update and delete (part 2 §8): add has the spec's SALON_DOES_NOT_EXIST and
   * USER_DOES_NOT_HAVE_PERMISSION_TO_ADD; the rest of docs/decisions/022 on their fields; else the server's
   * message or the default.
   */
  administrator: {
    rules: [
      validation,
      { code: 'NotExists', reason: 'SALON_DOES_NOT_EXIST', messageId: 'administrator.salonNotExists', field: null },
      { code: 'Forbidden', reason: 'USER_DOES_NOT_HAVE_PERMISSION_TO_ADD', messageId: 'administrator.cannotAdd', field: null },
      { code: 'AlreadyExists', reason: 'EMAIL_ALREADY_EXISTS', messageId: 'error.signup.emailExists', field: 'email' },
      { code: 'AlreadyExists', reason: 'ACCOUNT_ALREADY_EXISTS', messageId: 'administrator.accountExists', field: 'email' },
      { code: 'Forbidden', reason: 'ACCOUNT_CANNOT_BE_ADMINISTRATOR', messageId: 'administrator.accountNotLinkable', field: 'email' },
      { code: 'Forbidden', reason: 'ACCOUNT_USED_ELSEWHERE', messageId: 'administrator.accountShared', field: null },
      { code: 'Forbidden', reason: 'OWNER_CANNOT_BE_REMOVED', messageId: 'administrator.ownerLocked', field: null },
      { code: 'NotExists', messageId: 'administrator.notExists', field: null },
      forbiddenRule,
    ],
    fallback: 'error.default',
    serverMessageFirst: true,
  },
  /** Supplier create, update and delete (part 2 §8): each refusal on its field; else the default. */
  supplier: {
    rules: [
      validation,
      { code: 'AlreadyExists', reason: 'PHONE_ALREADY_EXISTS', messageId: 'supplier.phoneExists', field: 'phone' },
      { code: 'AlreadyExists', reason: 'EMAIL_ALREADY_EXISTS', messageId: 'supplier.emailExists', field: 'email' },
      { code: 'AlreadyExists', reason: 'ACCOUNT_ALREADY_EXISTS', messageId: 'supplier.accountExists', field: 'email' },
      { code: 'Forbidden', reason: 'ACCOUNT_CANNOT_BE_SUPPLIER', messageId: 'supplier.accountNotLinkable', field: 'email' },
      {
        code: 'Forbidden',
        reason: 'THERE_ARE_TWO_DIFFERENT_USER_WITH_PROVIDED_PHONE_AND_EMAIL',
        messageId: 'supplier.twoDifferentUsers',
        field: null,
      },
      { code: 'NotExists', messageId: 'supplier.notExists', field: null },
      forbiddenRule,
    ],
    fallback: 'error.default',
  },
  /** Supplier connections (part 2 §8): the first server error is the form error. */
  supplierConnections: {
    rules: [
      { code: 'IllegalArgument', reason: 'CONNECTION_NOT_VALID', messageId: 'supplier.connectionInvalid', field: null },
      { code: 'NotExists', messageId: 'supplier.notExists', field: null },
      forbiddenRule,
    ],
    fallback: 'error.default',
  },
  /** Seminar add or edit (part 2 §8): the name taken on its field, a gone seminar, the place count and the banner on theirs. */
  seminar: {
    rules: [
      validation,
      { code: 'AlreadyExists', reason: 'NAME_ALREADY_EXISTS', messageId: 'seminar.nameExists', field: 'name' },
      { code: 'NotExists', messageId: 'seminar.notExistsEdit', field: null },
      { code: 'IllegalArgument', reason: 'PLACE_COUNT_BELOW_VISITORS', messageId: 'seminar.placeCountBelowVisitors', field: 'placeCount' },
      { code: 'IllegalArgument', reason: 'BANNER_NOT_ACCEPTED', field: 'keep' },
      forbiddenRule,
    ],
    fallback: 'error.default',
  },
  /** Seminar delete (part 2 §8). */
  seminarDelete: {
    rules: [
      { code: 'NotExists', messageId: 'seminar.notExists', field: null },
      { code: 'Forbidden', reason: 'SEMINAR_HAS_VISITORS', messageId: 'seminar.hasVisitors', field: null },
      forbiddenRule,
    ],
    fallback: 'error.default',
  },
  /** A master's sign-up or cancellation. */
  seminarSignUp: {
    rules: [
      { code: 'NotAllowed', reason: 'SEMINAR_IS_FULL', messageId: 'seminar.full', field: null },
      { code: 'NotAllowed', reason: 'SEMINAR_HAS_STARTED', messageId: 'seminar.started', field: null },
      { code: 'NotExists', messageId: 'seminar.notExists', field: null },
      { code: 'Forbidden', reason: 'NOT_A_MASTER_OF_THE_SALON', messageId: 'seminar.mastersOnly', field: null },
      forbiddenRule,
    ],
    fallback: 'error.default',
  },
  /** Owner Settings: handing the salon over (docs/decisions/022). */
  ownerSettings: {
    rules: [
      validation,
      { code: 'NotAllowed', reason: 'ALREADY_THE_OWNER', messageId: 'ownerSettings.alreadyOwner', field: null },
      { code: 'NotExists', messageId: 'administrator.notExists', field: null },
      forbiddenRule,
    ],
    fallback: 'error.default',
  },
  /** The subscription dialog (part 2 §8): "Something went wrong" when the update fails; fields keep their own. */
  subscription: {
    rules: [
      validation,
      { code: 'NotAllowed', reason: 'PAYMENTS_NOT_CONFIGURED', messageId: 'subscription.notConfigured', field: null },
      { code: 'NotExists', reason: 'PAYMENT_METHOD_NOT_FOUND', messageId: 'subscription.failed', field: null },
      forbiddenRule,
    ],
    fallback: 'subscription.failed',
  },
  default: { rules: [validation, throttled, forbiddenRule], fallback: 'error.default' },
} satisfies Record<string, OperationErrors>;

export type Operation = keyof typeof ERRORS;

export interface DescribedError {
  /** Catalog id of the message, or null when `text` (the server's own message) is to be shown. */
  messageId: MessageId | null;
  text: string | null;
  field: string | null;
}

/** Maps a server error to what the form shows: the spec's message on the spec's field. */
export function describeError(operation: Operation, error: ServerErrorShape | null | undefined): DescribedError {
  const table: OperationErrors = ERRORS[operation];
  if (!error) return { messageId: table.fallback, text: null, field: null };
  for (const rule of table.rules) {
    if (rule.carried) {
      if (error.messageId) return { messageId: error.messageId, text: null, field: error.field ?? null };
      continue;
    }
    if (rule.code && rule.code !== error.code) continue;
    if (rule.reason && rule.reason !== error.reason) continue;
    const field = rule.field === 'keep' ? (error.field ?? null) : (rule.field ?? null);
    const messageId = rule.messageId || error.messageId || table.fallback;
    return { messageId, text: null, field };
  }
  if (table.serverMessageFirst && error.message && error.code && error.code !== 'InternalError') {
    return { messageId: null, text: error.message, field: null };
  }
  return { messageId: table.fallback, text: null, field: null };
}
