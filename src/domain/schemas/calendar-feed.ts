import * as v from 'valibot';
import { idSchema } from './salon';

/**
 * startCalendarFeed and stopCalendarFeed (issue 58 item 5): the salon whose master the signed-in user is, and the
 * language of the feed's texts (the panel's), which a new address keeps.
 */
export const calendarFeedSchema = v.object({
  salonId: idSchema,
  lang: v.optional(v.picklist(['en', 'lv', 'ru']), 'lv'),
});
export type CalendarFeedInput = v.InferOutput<typeof calendarFeedSchema>;
