import * as v from 'valibot';
import { ID_PATTERN } from '../ids';
import { basisToDecimal, parsePercent, type GroupCommission } from '../rules/commissions';
import { optionalCommand } from './command';
import { optionalPhone } from './phone';
import { idSchema } from './salon';

/** Master form and command input (part 2 §3, §5). Messages are catalog ids. */
export const MAX_MASTER_SERVICE_GROUPS = 200;

const text = (max: number) =>
  v.pipe(
    v.optional(v.nullable(v.string()), ''),
    v.transform((s) => (s ?? '').trim()),
    v.maxLength(max, 'validation.text.tooLong'),
  );

/** Optional e-mail: trimmed and lower-cased, null when blank. */
const optionalEmail = v.pipe(
  v.optional(v.nullable(v.string()), null),
  v.transform((s) => (s?.trim() ? s.trim().toLowerCase() : null)),
  v.check((s) => s === null || v.is(v.pipe(v.string(), v.email()), s), 'validation.email.invalid'),
);

const serviceGroupIds = v.pipe(
  v.optional(v.array(v.string('master.selectServiceGroups'), 'master.selectServiceGroups'), []),
  v.check((ids) => ids.every((id) => ID_PATTERN.test(id)), 'master.selectServiceGroups'),
  v.transform((ids) => [...new Set(ids)]),
  v.minLength(1, 'master.selectServiceGroups'),
  v.maxLength(MAX_MASTER_SERVICE_GROUPS, 'master.selectServiceGroups'),
);

/**
 * A commission percentage (issue 59 item 4) as typed: blank is none (null); '12,5' is '12.50'; more than 100 or
 * more than two decimals is refused. Left out of a command (undefined), the master keeps the one she has.
 */
const commission = v.pipe(
  v.optional(v.nullable(v.string('master.commissionInvalid'))),
  v.check((s) => s === undefined || s === null || s.trim() === '' || parsePercent(s) !== null, 'master.commissionInvalid'),
  v.transform((s) => (s === undefined ? undefined : s === null || s.trim() === '' ? null : basisToDecimal(parsePercent(s)))),
);

/**
 * Her rates per service group (issue 59 item 4): one box per group she does, as typed; a blank one is no rate of its
 * own (her service rate applies), dropped from the output. Left out of a command, she keeps the ones she has; a
 * group's rate needs the group among her service groups (checked with them, `herGroupsOnly`).
 */
const groupCommissionSchema = v.object({
  groupId: v.pipe(v.string('master.selectServiceGroups'), v.regex(ID_PATTERN, 'master.selectServiceGroups')),
  rate: v.pipe(
    v.string('master.commissionInvalid'),
    v.check((s) => s.trim() === '' || parsePercent(s) !== null, 'master.commissionInvalid'),
  ),
});
const groupCommissions = v.pipe(
  v.optional(v.array(groupCommissionSchema, 'master.commissionInvalid')),
  v.check((list) => list === undefined || list.length <= MAX_MASTER_SERVICE_GROUPS, 'master.commissionInvalid'),
  v.transform((list) => {
    if (list === undefined) return undefined;
    const rates = new Map<string, string>();
    for (const g of list) {
      const basis = g.rate.trim() === '' ? null : parsePercent(g.rate);
      if (basis === null) rates.delete(g.groupId);
      else rates.set(g.groupId, basisToDecimal(basis) as string);
    }
    return [...rates].map(([groupId, rate]): GroupCommission => ({ groupId, rate }));
  }),
);

/** Every group with a rate of its own is one of her service groups (forwarded to groupCommissions in each schema). */
const herGroupsOnly = (o: { serviceGroups: string[]; groupCommissions?: GroupCommission[] | undefined }): boolean =>
  (o.groupCommissions ?? []).every((g) => o.serviceGroups.includes(g.groupId));
const GROUP_PATHS = [['serviceGroups'], ['groupCommissions']] as const;
const NOT_HERS = 'master.groupCommissionNotHers';

export const MASTER_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const MASTER_GENDERS = ['MALE', 'FEMALE'] as const;

export const masterFieldsSchema = v.object({
  firstName: v.pipe(
    v.optional(v.nullable(v.string()), ''),
    v.transform((s) => (s ?? '').trim()),
    v.nonEmpty('master.enterFirstName'),
    v.maxLength(80, 'validation.text.tooLong'),
  ),
  lastName: text(80),
  gender: v.picklist(MASTER_GENDERS, 'master.selectGender'),
  phone: optionalPhone,
  email: optionalEmail,
  status: v.picklist(MASTER_STATUSES, 'master.selectStatus'),
  serviceGroups: serviceGroupIds,
  serviceCommission: commission,
  productCommission: commission,
  groupCommissions,
});

/** addMaster (part 2 §7): salon, form fields, phone; the id is made by the client (DESIGN.md §4). */
export const createMasterSchema = v.pipe(
  v.object({
    id: idSchema,
    salon: idSchema,
    ...masterFieldsSchema.entries,
    /** The account found by the lookup (part 2 §4 EXISTS): the master is GLOBAL, with the account's identity. */
    userId: v.optional(v.nullable(idSchema), null),
    command: optionalCommand,
  }),
  v.forward(v.partialCheck(GROUP_PATHS, herGroupsOnly, NOT_HERS), ['groupCommissions']),
);
export type CreateMasterInput = v.InferInput<typeof createMasterSchema>;

/** updateMaster: salonId, masterId, form fields, phone. */
export const updateMasterSchema = v.pipe(
  v.object({
    salonId: idSchema,
    masterId: idSchema,
    ...masterFieldsSchema.entries,
    command: optionalCommand,
  }),
  v.forward(v.partialCheck(GROUP_PATHS, herGroupsOnly, NOT_HERS), ['groupCommissions']),
);
export type UpdateMasterInput = v.InferInput<typeof updateMasterSchema>;

/** deleteMaster: salonId, masterId. */
export const deleteMasterSchema = v.object({ salonId: idSchema, masterId: idSchema, command: optionalCommand });
export type DeleteMasterInput = v.InferInput<typeof deleteMasterSchema>;

export interface MasterFormValues {
  firstName: string;
  lastName: string;
  gender: '' | 'MALE' | 'FEMALE';
  phone: string;
  email: string;
  status: 'ACTIVE' | 'INACTIVE';
  serviceGroups: string[];
  /** Percent as typed; blank is none. */
  serviceCommission: string;
  productCommission: string;
  /** One per group in serviceGroups, in their order; blank is her service rate. */
  groupCommissions: Array<{ groupId: string; rate: string }>;
}
export const masterFormSchema = v.pipe(
  masterFieldsSchema,
  v.forward(v.partialCheck(GROUP_PATHS, herGroupsOnly, NOT_HERS), ['groupCommissions']),
);
export const BLANK_MASTER_FORM: MasterFormValues = {
  firstName: '',
  lastName: '',
  gender: '',
  phone: '+371',
  email: '',
  status: 'ACTIVE',
  serviceGroups: [],
  serviceCommission: '',
  productCommission: '',
  groupCommissions: [],
};

/** A GLOBAL master keeps its identity: only services and status may change (part 2 §4). */
export function sameIdentity(
  a: { firstName: string; lastName: string; phone: string | null; email: string | null; gender: string | null },
  b: { firstName: string; lastName: string; phone: string | null; email: string | null; gender: string | null },
): boolean {
  return (
    a.firstName === b.firstName &&
    a.lastName === b.lastName &&
    (a.phone ?? null) === (b.phone ?? null) &&
    (a.email ?? null) === (b.email ?? null) &&
    (a.gender ?? null) === (b.gender ?? null)
  );
}

/**
 * inviteMaster, revokeMasterAccess and getMasterAccess (issue 63): the master, and the language of the
 * invitation mail (the inviter's, as the master's own is not known yet).
 */
export const masterAccessSchema = v.object({
  salonId: idSchema,
  masterId: idSchema,
  lang: v.optional(v.picklist(['en', 'lv', 'ru']), 'lv'),
  /** How the invitation goes: a mail to the master's e-mail, or an SMS to the master's phone (decision 084). */
  channel: v.optional(v.picklist(['EMAIL', 'SMS']), 'EMAIL'),
});
export type MasterAccessInput = v.InferOutput<typeof masterAccessSchema>;
