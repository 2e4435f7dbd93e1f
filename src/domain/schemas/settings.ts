import * as v from 'valibot';
import { isCalendarDate } from '../rules/time';
import { MESSAGE_KINDS, MESSAGE_LANGUAGES, REMINDER_LEADS } from '../rules/client-messages';
import { BODY_MAX, SUBJECT_MAX, unknownPlaceholders } from '../rules/message-templates';
import { DEFAULT_LATE_CANCEL_HOURS, LATE_CANCEL_WINDOWS } from '../rules/outcomes';
import { scheduleProblem, STEP_OPTIONS, TIME_FORMATS } from '../rules/settings';
import { optionalCommand } from './command';
import { idSchema } from './salon';
import type { MessageId } from '../../i18n/messages/message-id';

/** General settings (part 2 §2, §5, §7 updateSalon and the four settings mutations). Messages are catalog ids. */

const requiredText = (messageId: MessageId) =>
  v.pipe(v.string(messageId), v.trim(), v.nonEmpty(messageId), v.maxLength(200, 'validation.text.tooLong'));

const minutes = (messageId: MessageId) =>
  v.pipe(v.number(messageId), v.integer(messageId), v.minValue(0, messageId), v.maxValue(1440, messageId));

export const scheduleSchema = v.pipe(
  v.object({
    startAt: minutes('settings.enterStartTime'),
    endAt: minutes('settings.enterEndTime'),
    step: v.picklist(STEP_OPTIONS, 'settings.selectStep'),
    format: v.picklist(TIME_FORMATS, 'settings.selectFormat'),
  }),
  // On the whole object so the message lands on its own field (startAt or endAt).
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = scheduleProblem(dataset.value);
    if (problem)
      addIssue({
        message: problem.messageId,
        path: [{ type: 'object', origin: 'value', input: dataset.value, key: problem.field, value: dataset.value[problem.field] }],
      });
  }),
);

/** The General Settings form: salon name, address and the schedule. */
export const generalSettingsFormSchema = v.pipe(
  v.object({
    name: requiredText('settings.enterName'),
    address: requiredText('settings.enterAddress'),
    startAt: minutes('settings.enterStartTime'),
    endAt: minutes('settings.enterEndTime'),
    step: v.picklist(STEP_OPTIONS, 'settings.selectStep'),
    format: v.picklist(TIME_FORMATS, 'settings.selectFormat'),
  }),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    const problem = scheduleProblem(dataset.value);
    if (problem)
      addIssue({
        message: problem.messageId,
        path: [{ type: 'object', origin: 'value', input: dataset.value, key: problem.field, value: dataset.value[problem.field] }],
      });
  }),
);
export type GeneralSettingsFormValues = v.InferInput<typeof generalSettingsFormSchema>;

/**
 * updateSalon (part 2 §7): id, name, address, settings. Of the settings only the schedule is taken here; the
 * switches have their own mutations (and their own permissions).
 */
export const updateSalonSchema = v.object({
  id: idSchema,
  name: requiredText('settings.enterName'),
  address: requiredText('settings.enterAddress'),
  settings: v.object({ schedule: scheduleSchema }),
  command: optionalCommand,
});
export type UpdateSalonInput = v.InferInput<typeof updateSalonSchema>;

export const updateSalonArchiveSettingsSchema = v.object({ id: idSchema, enableArchive: v.boolean(), command: optionalCommand });
export const updateSalonReportSettingsSchema = v.object({ id: idSchema, reportByType: v.boolean(), command: optionalCommand });
export const updateSalonClientPhoneSettingsSchema = v.object({ id: idSchema, hideClientPhone: v.boolean(), command: optionalCommand });
export const updateSalonMasterLoginSettingsSchema = v.object({ id: idSchema, masterPanelLogin: v.boolean(), command: optionalCommand });
export const updateSalonMasterEditSettingsSchema = v.object({ id: idSchema, mastersEditOthers: v.boolean(), command: optionalCommand });
export type UpdateSalonArchiveSettingsInput = v.InferInput<typeof updateSalonArchiveSettingsSchema>;
export type UpdateSalonReportSettingsInput = v.InferInput<typeof updateSalonReportSettingsSchema>;
export type UpdateSalonClientPhoneSettingsInput = v.InferInput<typeof updateSalonClientPhoneSettingsSchema>;
export type UpdateSalonMasterLoginSettingsInput = v.InferInput<typeof updateSalonMasterLoginSettingsSchema>;

/** Minutes of the day a quiet hour starts or ends (0-1439). */
const minuteOfDay = (messageId: MessageId) =>
  v.pipe(v.number(messageId), v.integer(messageId), v.minValue(0, messageId), v.maxValue(1439, messageId));

/**
 * Admin settings → Client messages (issue 57): which messages go, up to two reminder lead times, the channels, and
 * SMS quiet hours. The form's schema and the command's.
 */
export const clientMessagesSchema = v.object({
  confirmation: v.boolean(),
  reminders: v.pipe(
    v.array(v.picklist(REMINDER_LEADS, 'settings.clientMessages.chooseReminder')),
    v.maxLength(2, 'settings.clientMessages.twoReminders'),
    v.check((leads) => new Set(leads).size === leads.length, 'settings.clientMessages.twoReminders'),
  ),
  moved: v.boolean(),
  cancelled: v.boolean(),
  noShow: v.boolean(),
  email: v.boolean(),
  sms: v.boolean(),
  quietFrom: minuteOfDay('settings.clientMessages.chooseQuietFrom'),
  quietTo: minuteOfDay('settings.clientMessages.chooseQuietTo'),
  lateCancelHours: v.optional(v.picklist(LATE_CANCEL_WINDOWS, 'settings.clientMessages.chooseLateCancel'), DEFAULT_LATE_CANCEL_HOURS),
});
export type ClientMessagesFormValues = v.InferInput<typeof clientMessagesSchema>;

/** A template's text: up to `max` characters, every name in braces a placeholder (decision 080). */
const templateText = (max: number, empty: MessageId) =>
  v.pipe(
    v.string(empty),
    v.trim(),
    v.minLength(1, empty),
    v.maxLength(max, 'validation.text.tooLong'),
    v.check((s) => unknownPlaceholders(s).length === 0, 'settings.templates.unknownPlaceholder'),
  );

/** A salon's text of one message: the mail's subject and the text of the mail and the SMS. The form's schema and the command's. */
export const messageTemplateSchema = v.object({
  subject: templateText(SUBJECT_MAX, 'settings.templates.enterSubject'),
  body: templateText(BODY_MAX, 'settings.templates.enterBody'),
});
export type MessageTemplateFormValues = v.InferInput<typeof messageTemplateSchema>;

/** updateSalonMessageTemplate (decision 080): one kind's text in one language; null goes back to the default. */
export const updateSalonMessageTemplateSchema = v.object({
  id: idSchema,
  kind: v.picklist(MESSAGE_KINDS, 'settings.templates.chooseKind'),
  language: v.picklist(MESSAGE_LANGUAGES, 'settings.templates.chooseLanguage'),
  template: v.nullable(messageTemplateSchema),
  command: optionalCommand,
});

/** updateSalonClientMessages: the salon's id and its Client messages settings. */
export const updateSalonClientMessagesSchema = v.object({ id: idSchema, clientMessages: clientMessagesSchema, command: optionalCommand });

/** The switches of the General Settings page, by the settings key each one sets. */
export const SETTING_SWITCHES = ['enableArchive', 'hideClientPhone', 'masterPanelLogin', 'reportByType', 'mastersEditOthers'] as const;
export type SettingSwitch = (typeof SETTING_SWITCHES)[number];

/** A switch's value in the salon's settings; `mastersEditOthers`, absent in salons made before it, is on (decision 033). */
export const switchValue = (settings: Partial<Record<SettingSwitch, boolean>>, key: SettingSwitch): boolean =>
  key === 'mastersEditOthers' ? settings.mastersEditOthers !== false : Boolean(settings[key]);

const isoDate = v.pipe(
  v.string('validation.date.invalid'),
  v.check((s) => isCalendarDate(s), 'validation.date.invalid'),
);

/** archiveSelectedAppointments (part 2 §7): every appointment from 00:00 of fromDate to 23:59 of toDate (§4). */
export const archiveSelectedAppointmentsSchema = v.object({
  salon: idSchema,
  fromDate: isoDate,
  toDate: isoDate,
  command: optionalCommand,
});
export type ArchiveSelectedAppointmentsInput = v.InferInput<typeof archiveSelectedAppointmentsSchema>;
