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
    ['appointment', { code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS' }, 'appointment.notExists', null],
    ['appointment', { code: 'AlreadyExists', reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD' }, 'appointment.overlaps', 'startTime'],
    ['appointment', { code: 'AlreadyExists', reason: 'APPOINTMENT_ALREADY_EXISTS' }, 'appointment.alreadyExists', null],
    ['appointment', { code: 'IllegalArgument', reason: 'TIME_OUT_OF_RANGE' }, 'appointment.timeOutOfRange', 'startTime'],
    ['appointment', { code: 'NotAllowed', reason: 'APPOINTMENT_IS_PAID' }, 'appointment.paidLocked', null],
    ['appointment', { code: 'Forbidden', reason: 'USER_DOES_NOT_HAVE_PERMISSION_TO_REMOVE' }, 'appointment.removePaidForbidden', null],
    ['appointment', { code: 'Boom' }, 'error.default', null],
    ['client', { code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS' }, 'client.notExists', null],
    ['client', { code: 'AlreadyExists', reason: 'PHONE_ALREADY_EXISTS' }, 'client.phoneExists', 'phone'],
    ['client', { code: 'AlreadyExists', reason: 'EMAIL_ALREADY_EXISTS' }, 'client.emailExists', 'phone'],
    [
      'client',
      { code: 'Forbidden', reason: 'THERE_ARE_TWO_DIFFERENT_USER_WITH_PROVIDED_PHONE_AND_EMAIL' },
      'client.twoDifferentUsers',
      null,
    ],
    ['client', { code: 'Forbidden', reason: 'BIRTHDAY_BEFORE_TODAY' }, 'client.birthdayFromToday', 'birthday'],
    [
      'cabinet',
      { code: 'AlreadyExists', reason: 'NAME_ALREADY_EXISTS', field: 'nameVariants.lv' },
      'cabinet.nameExists',
      'nameVariants.lv',
    ],
    ['cabinet', { code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS' }, 'cabinet.notExists', null],
    ['master', { code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS' }, 'master.notExists', null],
    ['master', { code: 'AlreadyExists', reason: 'PHONE_ALREADY_EXISTS', field: 'phone' }, 'master.phoneExists', 'phone'],
    ['master', { code: 'AlreadyExists', reason: 'EMAIL_ALREADY_EXISTS', field: 'email' }, 'master.emailExists', 'email'],
    [
      'master',
      { code: 'Forbidden', reason: 'THERE_ARE_TWO_DIFFERENT_USER_WITH_PROVIDED_PHONE_AND_EMAIL' },
      'master.twoDifferentUsers',
      null,
    ],
    [
      'cabinet',
      { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'nameVariants.lv', messageId: 'cabinet.enterName' },
      'cabinet.enterName',
      'nameVariants.lv',
    ],
    [
      'serviceGroup',
      { code: 'AlreadyExists', reason: 'NAME_ALREADY_EXISTS', field: 'nameVariants.en' },
      'serviceGroup.nameExists',
      'nameVariants.en',
    ],
    ['serviceGroup', { code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS' }, 'service.notExists', null],
    [
      'serviceGroup',
      { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'nameVariants.lv', messageId: 'serviceGroup.enterName' },
      'serviceGroup.enterName',
      'nameVariants.lv',
    ],
    [
      'service',
      { code: 'AlreadyExists', reason: 'NAME_ALREADY_EXISTS', field: 'nameVariants.lv' },
      'service.nameExists',
      'nameVariants.lv',
    ],
    ['service', { code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS' }, 'service.notExists', null],
    [
      'service',
      { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'price', messageId: 'service.enterPrice' },
      'service.enterPrice',
      'price',
    ],
    ['service', { code: 'Forbidden', reason: 'MASTER_CANNOT_EDIT_SALON_SETUP' }, 'error.forbidden', null],
    ['manufacturer', { code: 'AlreadyExists', reason: 'NAME_ALREADY_EXISTS', field: 'name' }, 'manufacturer.nameExists', 'name'],
    ['manufacturer', { code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS' }, 'manufacturer.notExists', null],
    [
      'manufacturer',
      { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'name', messageId: 'manufacturer.enterName' },
      'manufacturer.enterName',
      'name',
    ],
    ['workingTime', { code: 'IllegalArgument', reason: 'END_BEFORE_START' }, 'workingTime.endBeforeStart', 'endAt'],
    ['workingTime', { code: 'AlreadyExists', reason: 'TIME_OVERLAPS_WITH_OTHER_RECORD' }, 'workingTime.overlaps', 'startAt'],
    ['workingTime', { code: 'IllegalArgument', reason: 'TIME_OUT_OF_RANGE', field: 'endAt' }, 'workingTime.outOfRange', 'endAt'],
    [
      'workingTime',
      { code: 'NotAllowed', reason: 'APPOINTMENTS_EXIST_THAT_DAY', messageId: 'workingTime.cannotChange' },
      'workingTime.cannotChange',
      null,
    ],
    [
      'workingTime',
      { code: 'NotAllowed', reason: 'APPOINTMENTS_EXIST_THAT_DAY', messageId: 'workingTime.cannotDelete' },
      'workingTime.cannotDelete',
      null,
    ],
    ['workingTime', { code: 'NotExists', reason: 'ID_DOES_NOT_EXISTS' }, 'workingTime.notExists', null],
    [
      'generateSchedule',
      { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'firstRangeTo', messageId: 'schedule.generate.firstTooLong' },
      'schedule.generate.firstTooLong',
      'firstRangeTo',
    ],
    ['generateSchedule', { code: 'Boom' }, 'error.default', null],
    ['salonSettings', { code: 'AlreadyExists', reason: 'NAME_ALREADY_EXISTS', field: 'name' }, 'error.salon.nameExists', 'name'],
    [
      'salonSettings',
      { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'endAt', messageId: 'settings.enterEndTime' },
      'settings.enterEndTime',
      'endAt',
    ],
    ['salonSettings', { code: 'Forbidden', reason: 'ONLY_OWNER_CHANGES_ARCHIVE' }, 'error.forbidden', null],
    ['salonSettings', { code: 'Boom' }, 'error.default', null],
    [
      'archiveHistory',
      { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'range', messageId: 'settings.deleteHistory.future' },
      'settings.deleteHistory.future',
      'range',
    ],
    ['archiveHistory', { code: 'Forbidden', reason: 'ARCHIVE_NOT_ALLOWED' }, 'error.forbidden', null],
    ['defaultMasters', { code: 'NotExists', reason: 'CLIENT_NOT_EXISTS' }, 'client.defaultMasters.notExists', null],
    ['defaultMasters', { code: 'Forbidden', reason: 'NOT_THE_SESSION_SALON' }, 'error.default', null],
    ['defaultMasters', { code: 'Boom', message: 'x' }, 'error.default', null],
    [
      'defaultMasters',
      { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'masters', messageId: 'client.defaultMasters.unknownMaster' },
      'client.defaultMasters.unknownMaster',
      'masters',
    ],
    [
      'client',
      { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'phone', messageId: 'client.userMismatch' },
      'client.userMismatch',
      'phone',
    ],
  ] as const)('%s %o → %s on %s', (op, error, messageId, field) => {
    expect(describeError(op, error)).toEqual({ messageId, text: null, field });
  });

  it('keeps the schema message and field of a validation error', () => {
    expect(
      describeError('signup', {
        code: 'IllegalArgument',
        reason: 'VALIDATION_FAILED',
        field: 'promoCode',
        messageId: 'access.signup.invalidPromoCode',
      }),
    ).toEqual({ messageId: 'access.signup.invalidPromoCode', text: null, field: 'promoCode' });
  });

  it('shows the server message for an unknown login error, else the spec default', () => {
    expect(describeError('login', { code: 'Forbidden', message: 'Account locked' })).toEqual({
      messageId: null,
      text: 'Account locked',
      field: null,
    });
    expect(describeError('login', { message: 'x' })).toEqual({ messageId: 'error.login.default', text: null, field: null });
    expect(describeError('login', null)).toEqual({ messageId: 'error.login.default', text: null, field: null });
  });
});
