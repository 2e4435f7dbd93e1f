import { entry, type RefusalEntry } from './refusal-entry';

/** Refusals about the salon's people: masters (with their panel access) and administrators. Part of REFUSALS. */
export const STAFF_REFUSALS = {
  // Masters (part 2 §6, §8)
  masterNotExists: entry('NotExists', 'ID_DOES_NOT_EXISTS', 'master.notExists', 'This master does not exist'),
  masterPhoneTaken: entry(
    'AlreadyExists',
    'PHONE_ALREADY_EXISTS',
    'master.phoneExists',
    'Master with the same phone number already exists',
    'phone',
  ),
  masterEmailTaken: entry(
    'AlreadyExists',
    'EMAIL_ALREADY_EXISTS',
    'master.emailExists',
    'Master with the same email already exists',
    'email',
  ),
  masterTwoDifferent: entry(
    'Forbidden',
    'THERE_ARE_TWO_DIFFERENT_USER_WITH_PROVIDED_PHONE_AND_EMAIL',
    'master.twoDifferentUsers',
    'There are two different users with the provided phone and email',
  ),
  masterUnknownServiceGroup: entry(
    'IllegalArgument',
    'VALIDATION_FAILED',
    'master.selectServiceGroups',
    'Select service groups the master provide',
    'serviceGroups',
  ),
  /** Inviting a master to the panel (issue 63). */
  masterLoginOff: entry(
    'NotAllowed',
    'MASTER_LOGIN_NOT_ALLOWED',
    'master.access.loginOff',
    'Masters may not log into the administrator panel of this salon',
  ),
  masterHasAccess: entry('AlreadyExists', 'MASTER_HAS_ACCESS', 'master.access.already', 'This master can already sign in'),
  masterHasNoAccess: entry('NotExists', 'MASTER_HAS_NO_ACCESS', 'master.access.noneToRevoke', 'This master has no access to revoke'),
  masterNoEmail: entry('IllegalArgument', 'MASTER_HAS_NO_EMAIL', 'master.access.noEmail', 'The master has no e-mail to invite', 'email'),
  /** The welcome page of an SMS invitation without an e-mail (decision 084): the address is required, and new. */
  welcomeEmailRequired: entry('IllegalArgument', 'EMAIL_REQUIRED', 'access.signup.enterEmail', 'Enter your e-mail', 'email'),
  welcomeEmailTaken: entry(
    'AlreadyExists',
    'EMAIL_ALREADY_EXISTS',
    'changePassword.emailTaken',
    'This e-mail already has an account',
    'email',
  ),
  masterNoPhone: entry(
    'IllegalArgument',
    'MASTER_HAS_NO_PHONE',
    'master.access.noPhone',
    'The master has no phone to invite by SMS',
    'phone',
  ),
  masterAccountNotInvitable: entry(
    'Forbidden',
    'ACCOUNT_CANNOT_BE_MASTER',
    'master.access.accountNotInvitable',
    'This e-mail belongs to an account that cannot sign in as a master',
    'email',
  ),
  masterAccountInSalon: entry(
    'AlreadyExists',
    'ACCOUNT_ALREADY_IN_SALON',
    'master.access.accountInSalon',
    'This e-mail already signs in to this salon',
    'email',
  ),

  // Administrators (part 2 §8, docs/decisions/022)
  administratorNotExists: entry('NotExists', 'ID_DOES_NOT_EXISTS', 'administrator.notExists', 'This administrator does not exist'),
  administratorSalonNotExists: entry('NotExists', 'SALON_DOES_NOT_EXIST', 'administrator.salonNotExists', 'Salon does not exist'),
  cannotAddAdministrators: entry(
    'Forbidden',
    'USER_DOES_NOT_HAVE_PERMISSION_TO_ADD',
    'administrator.cannotAdd',
    'Current user does not have permission to add administrators',
  ),
  notOwner: entry('Forbidden', 'FORBIDDEN', 'error.forbidden', 'Only the salon owner may do this'),
  administratorEmailTaken: entry(
    'AlreadyExists',
    'EMAIL_ALREADY_EXISTS',
    'error.signup.emailExists',
    'Administrator with the same email address already exists',
    'email',
  ),
  accountExists: entry(
    'AlreadyExists',
    'ACCOUNT_ALREADY_EXISTS',
    'administrator.accountExists',
    'This e-mail already has an account: the person signs in with their own password',
    'email',
  ),
  accountNotLinkable: entry(
    'Forbidden',
    'ACCOUNT_CANNOT_BE_ADMINISTRATOR',
    'administrator.accountNotLinkable',
    'This e-mail belongs to an account that cannot administer a salon',
    'email',
  ),
  passwordRequired: entry('IllegalArgument', 'VALIDATION_FAILED', 'administrator.enterPassword', 'Invalid input for password', 'password'),
  ownerLocked: entry('Forbidden', 'OWNER_CANNOT_BE_REMOVED', 'administrator.ownerLocked', "The salon's owner cannot be removed"),
  accountShared: entry(
    'Forbidden',
    'ACCOUNT_USED_ELSEWHERE',
    'administrator.accountShared',
    'This person also works in another salon: only they can change their name and phone, in their profile',
  ),
  alreadyOwner: entry('NotAllowed', 'ALREADY_THE_OWNER', 'ownerSettings.alreadyOwner', 'This administrator already owns the salon'),
} as const satisfies Record<string, RefusalEntry>;
