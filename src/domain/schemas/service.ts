import * as v from 'valibot';
import { centsToDecimal, MAX_PRICE_CENTS, parsePrice } from '../rules/money';
import { SERVICE_PALETTE } from '../rules/salon-defaults';
import { optionalCommand } from './command';
import { idSchema } from './salon';

/**
 * Service groups and services (part 2 §2, §3, §5, §7). Names per language as on cabinets: the default
 * language's (Latvian, DEFAULT_NAME_LANGUAGE in ./cabinet.ts, docs/decisions/014) is required, the others
 * optional and dropped when blank.
 */
export const SERVICE_GROUP_TYPES = ['HAIRDRESSER', 'COSMETOLOGIST', 'MANICURE', 'OTHER'] as const;
export type ServiceGroupType = (typeof SERVICE_GROUP_TYPES)[number];

/** A day: no service lasts longer. */
export const MAX_SERVICE_DURATION = 24 * 60;

const optionalName = v.pipe(
  v.optional(v.nullable(v.string()), ''),
  v.transform((s) => (s ?? '').trim()),
  v.maxLength(80, 'validation.text.tooLong'),
);

function nameVariants(requiredMessage: string) {
  return v.pipe(
    v.object({
      lv: v.pipe(
        v.optional(v.nullable(v.string()), ''),
        v.transform((s) => (s ?? '').trim()),
        v.nonEmpty(requiredMessage),
        v.maxLength(80, 'validation.text.tooLong'),
      ),
      en: optionalName,
      ru: optionalName,
    }),
    v.transform((n) => {
      const out: { lv: string; en?: string; ru?: string } = { lv: n.lv };
      if (n.en) out.en = n.en;
      if (n.ru) out.ru = n.ru;
      return out;
    }),
  );
}

export const serviceGroupNameVariantsSchema = nameVariants('serviceGroup.enterName');
export const serviceNameVariantsSchema = nameVariants('service.enterName');

const groupType = v.optional(v.nullable(v.picklist(SERVICE_GROUP_TYPES, 'serviceGroup.selectType')), null);

/** Whole minutes, typed as text or sent as a number ('Enter duration the services requires'). */
export const durationSchema = v.pipe(
  v.union([v.number(), v.string()], 'service.enterDuration'),
  v.transform((d) => String(d).trim()),
  v.regex(/^\d{1,4}$/, 'service.enterDuration'),
  v.transform(Number),
  v.minValue(1, 'service.enterDuration'),
  v.maxValue(MAX_SERVICE_DURATION, 'service.durationTooLong'),
);

/** A price as typed (comma or dot, two decimals, numeric(12,2)), kept in the row format '12.50' (rules/money.ts). */
export const priceSchema = v.pipe(
  v.string('service.enterPrice'),
  v.transform(parsePrice),
  v.check((c) => c !== null, 'service.enterPrice'),
  v.check((c) => (c as number) <= MAX_PRICE_CENTS, 'validation.price.tooLarge'),
  v.transform((c) => centsToDecimal(c as number)),
);

export const colorSchema = v.pipe(
  v.string('service.selectColor'),
  v.transform((s) => s.trim().toLowerCase()),
  v.picklist(SERVICE_PALETTE as unknown as string[], 'service.selectColor'),
);

/** createServiceGroup: salon, nameVariants, type; the id is made by the client (DESIGN.md §4). */
export const createServiceGroupSchema = v.object({
  id: idSchema,
  salon: idSchema,
  nameVariants: serviceGroupNameVariantsSchema,
  type: groupType,
  command: optionalCommand,
});
export type CreateServiceGroupInput = v.InferInput<typeof createServiceGroupSchema>;
export const updateServiceGroupSchema = v.object({
  id: idSchema,
  nameVariants: serviceGroupNameVariantsSchema,
  type: groupType,
  command: optionalCommand,
});
export type UpdateServiceGroupInput = v.InferInput<typeof updateServiceGroupSchema>;
export const deleteServiceGroupSchema = v.object({ id: idSchema, command: optionalCommand });
export type DeleteServiceGroupInput = v.InferInput<typeof deleteServiceGroupSchema>;

const serviceFields = { nameVariants: serviceNameVariantsSchema, duration: durationSchema, price: priceSchema, color: colorSchema };
/** createService: serviceGroupId, nameVariants, duration, price, color. */
export const createServiceSchema = v.object({ id: idSchema, serviceGroupId: idSchema, ...serviceFields, command: optionalCommand });
export type CreateServiceInput = v.InferInput<typeof createServiceSchema>;
/** updateService: the service id plus the same; the group may change. */
export const updateServiceSchema = v.object({ id: idSchema, serviceGroupId: idSchema, ...serviceFields, command: optionalCommand });
export type UpdateServiceInput = v.InferInput<typeof updateServiceSchema>;
export const deleteServiceSchema = v.object({ id: idSchema, command: optionalCommand });
export type DeleteServiceInput = v.InferInput<typeof deleteServiceSchema>;

/** The group form. */
export const serviceGroupFormSchema = v.object({ nameVariants: serviceGroupNameVariantsSchema, type: groupType });
export interface ServiceGroupFormValues {
  nameVariants: { lv: string; en: string; ru: string };
  type: ServiceGroupType | null;
}
export const BLANK_SERVICE_GROUP_FORM: ServiceGroupFormValues = { nameVariants: { lv: '', en: '', ru: '' }, type: null };

/** The service form: duration and price as typed. */
export const serviceFormSchema = v.object(serviceFields);
export interface ServiceFormValues {
  nameVariants: { lv: string; en: string; ru: string };
  duration: string;
  price: string;
  color: string;
}
export const BLANK_SERVICE_FORM: ServiceFormValues = { nameVariants: { lv: '', en: '', ru: '' }, duration: '', price: '', color: '' };
