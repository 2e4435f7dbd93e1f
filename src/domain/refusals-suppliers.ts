import { entry, type RefusalEntry } from './refusal-entry';

/** Refusals about suppliers and their seminars (sysadmin and supplier side). Part of REFUSALS. */
export const SUPPLIER_REFUSALS = {
  // Suppliers (part 2 §5, §8; issue 18): sysadmin only.
  suppliersForSysadmins: entry('Forbidden', 'SUPPLIERS_ARE_FOR_SYSADMINS', 'error.forbidden', 'Not allowed for this user'),
  supplierPhoneTaken: entry(
    'AlreadyExists',
    'PHONE_ALREADY_EXISTS',
    'supplier.phoneExists',
    'Supplier with the same phone number already exists',
    'phone',
  ),
  supplierEmailTaken: entry(
    'AlreadyExists',
    'EMAIL_ALREADY_EXISTS',
    'supplier.emailExists',
    'Supplier with the same email already exists',
    'email',
  ),
  supplierTwoUsers: entry(
    'Forbidden',
    'THERE_ARE_TWO_DIFFERENT_USER_WITH_PROVIDED_PHONE_AND_EMAIL',
    'supplier.twoDifferentUsers',
    'There are two different users with the provided phone and email',
  ),
  supplierNotExists: entry('NotExists', 'ID_DOES_NOT_EXISTS', 'supplier.notExists', 'This supplier does not exist'),
  /** An account of a salon's administrator or master (or a sysadmin) cannot become a supplier: its sign-in would change role. */
  supplierAccountNotLinkable: entry(
    'Forbidden',
    'ACCOUNT_CANNOT_BE_SUPPLIER',
    'supplier.accountNotLinkable',
    'This person works in a salon and cannot be a supplier',
    'email',
  ),
  supplierPasswordRequired: entry(
    'IllegalArgument',
    'VALIDATION_FAILED',
    'supplier.enterPassword',
    'Invalid input for password',
    'password',
  ),
  supplierAccountExists: entry(
    'AlreadyExists',
    'ACCOUNT_ALREADY_EXISTS',
    'supplier.accountExists',
    'This person already has an account: they sign in with their own password',
    'email',
  ),
  supplierConnectionInvalid: entry(
    'IllegalArgument',
    'CONNECTION_NOT_VALID',
    'supplier.connectionInvalid',
    'A salon or manufacturer of these connections does not exist',
  ),

  // Seminars (part 2 §5, §8; issue 19, decision 046)
  seminarsForSuppliers: entry('Forbidden', 'SEMINARS_ARE_FOR_SUPPLIERS', 'error.forbidden', 'Not allowed for this user'),
  seminarNameTaken: entry(
    'AlreadyExists',
    'NAME_ALREADY_EXISTS',
    'seminar.nameExists',
    'Seminar with the same name already exists',
    'name',
  ),
  seminarNotExists: entry('NotExists', 'ID_DOES_NOT_EXISTS', 'seminar.notExists', 'This seminar does not exist'),
  seminarHasVisitors: entry('Forbidden', 'SEMINAR_HAS_VISITORS', 'seminar.hasVisitors', 'This seminar already has visitors attended'),
  seminarPlacesBelowVisitors: entry(
    'IllegalArgument',
    'PLACE_COUNT_BELOW_VISITORS',
    'seminar.placeCountBelowVisitors',
    'Place count should not be less than people already attended to seminar',
    'placeCount',
  ),
  /** The banner: missing when adding, too large, or not an image or PDF by its content (messageId given). */
  seminarBannerRefused: entry('IllegalArgument', 'BANNER_NOT_ACCEPTED', 'seminar.bannerType', 'The banner is not accepted', 'banner'),
  seminarFull: entry('NotAllowed', 'SEMINAR_IS_FULL', 'seminar.full', 'There are no places left at this seminar'),
  seminarOver: entry('NotAllowed', 'SEMINAR_HAS_STARTED', 'seminar.started', 'This seminar has already started'),
  seminarNotForMaster: entry('Forbidden', 'NOT_A_MASTER_OF_THE_SALON', 'seminar.mastersOnly', 'Only a master of the salon can sign up'),
} as const satisfies Record<string, RefusalEntry>;
