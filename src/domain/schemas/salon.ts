import * as v from 'valibot';
import { ID_PATTERN } from '../ids';

export const idSchema = v.pipe(v.string(), v.regex(ID_PATTERN, 'validation.id.invalid'));

export const switchSalonSchema = v.object({ salon: idSchema });
export const setupNewSalonSchema = v.object({ salon: idSchema, lang: v.optional(v.picklist(['en', 'lv', 'ru']), 'lv') });
export const setOwnerAsMasterSchema = v.object({ salon: idSchema, user: idSchema });
