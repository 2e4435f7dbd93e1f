import { describe, expect, it } from 'vitest';
import { describeError } from './errors';
import { refusal } from './refusals';

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
    ['appointment', refusal('appointmentNotExists'), 'appointment.notExists', null],
    ['appointment', refusal('timeOverlaps'), 'appointment.overlaps', 'startTime'],
    ['appointment', refusal('appointmentExists'), 'appointment.alreadyExists', null],
    ['appointment', refusal('timeOutOfRange'), 'appointment.timeOutOfRange', 'startTime'],
    ['appointment', refusal('appointmentPaidLocked'), 'appointment.paidLocked', null],
    ['appointment', refusal('removePaidForbidden'), 'appointment.removePaidForbidden', null],
    ['appointment', { code: 'Boom' }, 'error.default', null],
    ['client', refusal('clientNotExists'), 'client.notExists', null],
    ['client', refusal('clientPhoneTaken'), 'client.phoneExists', 'phone'],
    ['client', refusal('clientEmailTaken'), 'client.emailExists', 'phone'],
    ['client', refusal('twoDifferentClients'), 'client.twoDifferentUsers', null],
    ['client', refusal('birthdayBeforeToday'), 'client.birthdayFromToday', 'birthday'],
    ['cabinet', refusal('cabinetNameTaken', { field: 'nameVariants.lv' }), 'cabinet.nameExists', 'nameVariants.lv'],
    ['cabinet', refusal('cabinetNotExists'), 'cabinet.notExists', null],
    ['master', refusal('masterNotExists'), 'master.notExists', null],
    ['master', refusal('masterPhoneTaken'), 'master.phoneExists', 'phone'],
    ['master', refusal('masterEmailTaken'), 'master.emailExists', 'email'],
    ['master', refusal('masterTwoDifferent'), 'master.twoDifferentUsers', null],
    [
      'cabinet',
      { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'nameVariants.lv', messageId: 'cabinet.enterName' },
      'cabinet.enterName',
      'nameVariants.lv',
    ],
    ['serviceGroup', refusal('serviceGroupNameTaken', { field: 'nameVariants.en' }), 'serviceGroup.nameExists', 'nameVariants.en'],
    ['serviceGroup', refusal('serviceNotExists'), 'service.notExists', null],
    [
      'serviceGroup',
      { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'nameVariants.lv', messageId: 'serviceGroup.enterName' },
      'serviceGroup.enterName',
      'nameVariants.lv',
    ],
    ['service', refusal('serviceNameTaken', { field: 'nameVariants.lv' }), 'service.nameExists', 'nameVariants.lv'],
    ['service', refusal('serviceNotExists'), 'service.notExists', null],
    [
      'service',
      { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'price', messageId: 'service.enterPrice' },
      'service.enterPrice',
      'price',
    ],
    ['service', refusal('salonSetupForbidden'), 'error.forbidden', null],
    ['manufacturer', refusal('manufacturerNameTaken'), 'manufacturer.nameExists', 'name'],
    ['manufacturer', refusal('manufacturerNotExists'), 'manufacturer.notExists', null],
    [
      'manufacturer',
      { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'name', messageId: 'manufacturer.enterName' },
      'manufacturer.enterName',
      'name',
    ],
    ['workingTime', refusal('endBeforeStart'), 'workingTime.endBeforeStart', 'endAt'],
    ['workingTime', refusal('workingTimeOverlaps'), 'workingTime.overlaps', 'startAt'],
    ['workingTime', refusal('workingTimeOutOfRange', { field: 'endAt' }), 'workingTime.outOfRange', 'endAt'],
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
    ['workingTime', refusal('workingTimeNotExists'), 'workingTime.notExists', null],
    [
      'generateSchedule',
      { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'firstRangeTo', messageId: 'schedule.generate.firstTooLong' },
      'schedule.generate.firstTooLong',
      'firstRangeTo',
    ],
    ['generateSchedule', { code: 'Boom' }, 'error.default', null],
    ['salonSettings', refusal('salonNameTaken'), 'error.salon.nameExists', 'name'],
    [
      'salonSettings',
      { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'endAt', messageId: 'settings.enterEndTime' },
      'settings.enterEndTime',
      'endAt',
    ],
    ['salonSettings', refusal('archiveSettingForbidden'), 'error.forbidden', null],
    ['salonSettings', { code: 'Boom' }, 'error.default', null],
    [
      'archiveHistory',
      { code: 'IllegalArgument', reason: 'VALIDATION_FAILED', field: 'range', messageId: 'settings.deleteHistory.future' },
      'settings.deleteHistory.future',
      'range',
    ],
    ['archiveHistory', refusal('archiveHistoryForbidden'), 'error.forbidden', null],
    ['defaultMasters', refusal('defaultMastersClientNotExists'), 'client.defaultMasters.notExists', null],
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
