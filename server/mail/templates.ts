import { translate, type Lang } from '../i18n';
import type { MailMessage } from './mailer';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type MailKind = 'reset' | 'verify' | 'invite' | 'masterAdded';

function build(lang: Lang, kind: MailKind, to: string, values: { link: string; name: string; salon?: string }): MailMessage {
  const subject = translate(lang, `mail.${kind}.subject`, values);
  const body = translate(lang, `mail.${kind}.body`, values);
  const text = `${body}\n\n${values.link}\n`;
  const html = `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(values.link)}">${escapeHtml(values.link)}</a></p>`;
  return { to, subject, text, html };
}

export const resetPasswordMail = (lang: Lang, to: string, link: string, name: string) => build(lang, 'reset', to, { link, name });
export const verifyEmailMail = (lang: Lang, to: string, link: string, name: string) => build(lang, 'verify', to, { link, name });

/** A master's invitation to the panel (issue 63): the link sets the password. */
export const masterInvitationMail = (lang: Lang, to: string, link: string, name: string, salon: string) =>
  build(lang, 'invite', to, { link, name, salon });
/** A master whose account already has a password: the link opens the panel's sign-in. */
export const masterAddedMail = (lang: Lang, to: string, link: string, name: string, salon: string) =>
  build(lang, 'masterAdded', to, { link, name, salon });

/** A master's invitation by SMS (decision 084): one short text with the link. */
export const masterInvitationSms = (lang: Lang, link: string, salon: string) => translate(lang, 'sms.invite', { link, salon });
/** A master whose account already has a password, told by SMS. */
export const masterAddedSms = (lang: Lang, link: string, salon: string) => translate(lang, 'sms.masterAdded', { link, salon });
