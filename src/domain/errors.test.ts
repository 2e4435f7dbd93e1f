import { describe, expect, it } from 'vitest';
import { describeError } from './errors';

describe('describeError', () => {
  it.each([
    ['login', { code: 'UserNotFound' }, 'error.login.userNotFound', 'username'],
    ['login', { code: 'InvalidPassword' }, 'error.login.invalidPassword', 'password'],
    ['resetPassword', { code: 'NotExists' }, 'error.reset.notExists', 'email'],
    ['signup', { code: 'AlreadyExists', reason: 'NAME_ALREADY_EXISTS' }, 'error.signup.nameExists', 'salonName'],
    ['signup', { code: 'AlreadyExists', reason: 'EMAIL_ALREADY_EXISTS' }, 'error.signup.emailExists', 'email'],
    ['signup', { code: 'Weird' }, 'error.default', null],
    ['changePassword', { code: 'NotExists' }, 'error.changePassword.notExists', null],
    ['changePassword', { code: 'NotAllowed' }, 'error.changePassword.notAllowed', null],
    ['changePassword', { code: 'Boom' }, 'error.changePassword.default', null],
    ['createSalon', { code: 'AlreadyExists', reason: 'NAME_ALREADY_EXISTS' }, 'error.salon.nameExists', 'name'],
  ] as const)('%s %o → %s on %s', (op, error, messageId, field) => {
    expect(describeError(op, error)).toEqual({ messageId, text: null, field });
  });

  it('keeps the schema message and field of a validation error', () => {
    expect(
      describeError('signup', { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'promoCode', messageId: 'access.signup.invalidPromoCode' }),
    ).toEqual({ messageId: 'access.signup.invalidPromoCode', text: null, field: 'promoCode' });
  });

  it('shows the server message for an unknown login error, else the spec default', () => {
    expect(describeError('login', { code: 'Forbidden', message: 'Account locked' })).toEqual({ messageId: null, text: 'Account locked', field: null });
    expect(describeError('login', { message: 'x' })).toEqual({ messageId: 'error.login.default', text: null, field: null });
    expect(describeError('login', null)).toEqual({ messageId: 'error.login.default', text: null, field: null });
  });
});
