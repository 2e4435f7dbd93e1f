import type { MessageKind, MessageLanguage } from './client-messages';

/**
 * The salon's own texts of its client messages (issue 57 item 4, decision 080): per kind and language a subject (the
 * mail's) and a text (the mail's body and the SMS), with placeholders in braces. A kind and language without one
 * uses the catalog's default. Filling is a plain replacement of the known names, never a message format: an
 * owner's text cannot run anything, and an unknown name is refused when it is saved.
 */
/** `phone`: the salon's, which is its owner's (the spec's salon administrator); empty when the owner has none. */
export const PLACEHOLDERS = ['name', 'salon', 'address', 'phone', 'service', 'master', 'what', 'date', 'time'] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type TemplateValues = Record<Placeholder, string>;

export interface MessageTemplate {
  subject: string;
  body: string;
}
/** By `${kind}.${language}`. */
export type MessageTemplates = Partial<Record<`${MessageKind}.${MessageLanguage}`, MessageTemplate>>;

export const SUBJECT_MAX = 200;
export const BODY_MAX = 1000;

export const templateKey = (kind: MessageKind, language: MessageLanguage) => `${kind}.${language}` as const;

const BRACED = /\{([^{}]*)\}/g;

/** The names in braces that are not placeholders, each once. */
export function unknownPlaceholders(text: string): string[] {
  const names = [...text.matchAll(BRACED)].map((m) => m[1] as string);
  return [...new Set(names.filter((n) => !(PLACEHOLDERS as readonly string[]).includes(n)))];
}

/** The text with each known placeholder replaced by its value. */
export const fillTemplate = (text: string, values: TemplateValues): string =>
  text.replace(BRACED, (whole, name: string) => ((PLACEHOLDERS as readonly string[]).includes(name) ? values[name as Placeholder] : whole));

/** The salon's template of a kind in a language, if it wrote one. */
export const salonTemplate = (
  settings: { clientMessageTemplates?: MessageTemplates } | null | undefined,
  kind: MessageKind,
  language: MessageLanguage,
): MessageTemplate | null => settings?.clientMessageTemplates?.[templateKey(kind, language)] ?? null;

/** Settings with one kind's text in one language set, or removed (null: the default again). */
export function withTemplate<S extends { clientMessageTemplates?: MessageTemplates }>(
  settings: S,
  change: { kind: MessageKind; language: MessageLanguage; template: MessageTemplate | null },
): S {
  const { [templateKey(change.kind, change.language)]: _old, ...rest } = settings.clientMessageTemplates ?? {};
  const templates: MessageTemplates = change.template
    ? { ...rest, [templateKey(change.kind, change.language)]: { ...change.template } }
    : rest;
  return { ...settings, clientMessageTemplates: templates };
}
