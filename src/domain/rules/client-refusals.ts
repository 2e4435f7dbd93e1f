import type { ServerErrorShape } from '../errors';

/** A birthday before today set by someone other than the owner (part 1 §5), on the birthday field. */
export const birthdayBeforeTodayShape = (): ServerErrorShape => ({
  code: 'Forbidden',
  reason: 'BIRTHDAY_BEFORE_TODAY',
  field: 'birthday',
  messageId: 'client.birthdayFromToday',
  message: 'Only the salon owner can set a date before today',
});
