import * as v from 'valibot';
import { optionalCommand } from './command';
import { idSchema } from './salon';

/** Manufacturers (part 2 §2, §3, §5, §7): a name per salon ('Enter manufacturer name'). */
export const manufacturerNameSchema = v.pipe(
  v.optional(v.nullable(v.string()), ''),
  v.transform((s) => (s ?? '').trim()),
  v.nonEmpty('manufacturer.enterName'),
  v.maxLength(120, 'validation.text.tooLong'),
);

/** addManufacturer: salon, name; the id is made by the client (DESIGN.md §4). */
export const addManufacturerSchema = v.object({ id: idSchema, salon: idSchema, name: manufacturerNameSchema, command: optionalCommand });
export type AddManufacturerInput = v.InferInput<typeof addManufacturerSchema>;
export const updateManufacturerSchema = v.object({ manufacturerId: idSchema, name: manufacturerNameSchema, command: optionalCommand });
export type UpdateManufacturerInput = v.InferInput<typeof updateManufacturerSchema>;
export const deleteManufacturerSchema = v.object({ manufacturerId: idSchema, command: optionalCommand });
export type DeleteManufacturerInput = v.InferInput<typeof deleteManufacturerSchema>;

export const manufacturerFormSchema = v.object({ name: manufacturerNameSchema });
export interface ManufacturerFormValues {
  name: string;
}

/** Names compare without case and outer spaces. */
export const sameManufacturerName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();
