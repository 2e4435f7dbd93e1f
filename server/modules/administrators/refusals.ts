import { AppError } from '../../graphql/errors';

/** Refusals of the administrator operations (part 2 §8, docs/decisions/022), with their catalog message ids. */

export const salonNotExists = () =>
  new AppError('NotExists', 'Salon does not exist', { reason: 'SALON_DOES_NOT_EXIST', messageId: 'administrator.salonNotExists' });

export const cannotAdd = () =>
  new AppError('Forbidden', 'Current user does not have permission to add administrators', {
    reason: 'USER_DOES_NOT_HAVE_PERMISSION_TO_ADD', messageId: 'administrator.cannotAdd',
  });

export const notOwner = () => new AppError('Forbidden', 'Only the salon owner may do this', { reason: 'FORBIDDEN', messageId: 'error.forbidden' });

export const administratorNotExists = () =>
  new AppError('NotExists', 'This administrator does not exist', { reason: 'ID_DOES_NOT_EXISTS', messageId: 'administrator.notExists' });

/** The e-mail is already an administrator of this salon (the owner included). */
export const administratorEmailTaken = () =>
  new AppError('AlreadyExists', 'Administrator with the same email address already exists', {
    reason: 'EMAIL_ALREADY_EXISTS', field: 'email', messageId: 'error.signup.emailExists',
  });

/** A password was sent for an e-mail that has an account: the account is linked, never given a new password. */
export const accountExists = () =>
  new AppError('AlreadyExists', 'This e-mail already has an account: the person signs in with their own password', {
    reason: 'ACCOUNT_ALREADY_EXISTS', field: 'email', messageId: 'administrator.accountExists',
  });

/** Sysadmin and supplier accounts never administer a salon. */
export const accountNotLinkable = () =>
  new AppError('Forbidden', 'This e-mail belongs to an account that cannot administer a salon', {
    reason: 'ACCOUNT_CANNOT_BE_ADMINISTRATOR', field: 'email', messageId: 'administrator.accountNotLinkable',
  });

export const passwordRequired = () =>
  new AppError('IllegalArgument', 'Invalid input for password', { reason: 'VALIDATION_FAILED', field: 'password', messageId: 'administrator.enterPassword' });

export const ownerLocked = () =>
  new AppError('Forbidden', "The salon's owner cannot be removed", { reason: 'OWNER_CANNOT_BE_REMOVED', messageId: 'administrator.ownerLocked' });

/** The account works in another salon too: its name and phone are the person's own (profile). */
export const accountShared = () =>
  new AppError('Forbidden', 'This person also works in another salon: only they can change their name and phone, in their profile', {
    reason: 'ACCOUNT_USED_ELSEWHERE', messageId: 'administrator.accountShared',
  });

export const alreadyOwner = () =>
  new AppError('NotAllowed', 'This administrator already owns the salon', { reason: 'ALREADY_THE_OWNER', messageId: 'ownerSettings.alreadyOwner' });
