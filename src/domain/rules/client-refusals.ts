import type { ServerErrorShape } from '../errors';
import { refusal } from '../refusals';

/** A birthday before today set by someone other than the owner (part 1 §5), on the birthday field. */
export const birthdayBeforeTodayShape = (): ServerErrorShape => refusal('birthdayBeforeToday');
