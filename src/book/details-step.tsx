import { useCallback, useState, type FormEvent } from 'react';
import * as v from 'valibot';
import type { BookingCodeChannel } from '../domain/rules/online-booking';
import { bookingClientSchema } from '../domain/schemas/online-booking';
import { callingCodeOf, formatPhoneAsTyped, phoneInCountry } from '../domain/schemas/phone';
import type { MessageId } from '../i18n/messages/message-id';
import { ask, pageErrorOf, type PageError } from './api';
import { Captcha } from './captcha';
import { when } from './format';
import { ConfirmBookingDocument, RequestBookingCodeDocument, type ConfirmBookingMutation } from './generated';
import type { Language, Translate } from './i18n';
import { ErrorNote, Summary } from './parts';
import type { BookingPage, Slot } from './page-types';

interface Props {
  t: Translate;
  language: Language;
  page: BookingPage;
  slug: string;
  serviceIds: string[];
  masterId: string | null;
  slot: Slot;
  summary: [string, string | null | undefined][];
  onSlot: (slot: Slot) => void;
  onBooked: (booked: ConfirmBookingMutation['confirmBooking'], email: string) => void;
}

const FIELDS = ['firstName', 'lastName', 'phone', 'email', 'notes'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
type Errors = Partial<Record<Field | 'captcha' | 'code', MessageId>>;

/** Each field's first message, from the schema the server checks the same fields with. */
function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = issue.path?.map((p) => String(p.key)).join('.') as Field | undefined;
    if (field && !errors[field]) errors[field] = issue.message as MessageId;
  }
  return errors;
}

/**
 * The client's details (first and last name, phone in the salon's country by default, e-mail, a note), the proof of
 * work, then the 6-digit code the e-mail brings; the booking is made with the code. A time taken meanwhile comes
 * back with the nearest free ones to choose from; the code stays good for them.
 */
export default function DetailsStep({ t, language, page, slug, serviceIds, masterId, slot, summary, onSlot, onBooked }: Props) {
  const [values, setValues] = useState<Values>(() => ({
    firstName: '',
    lastName: '',
    phone: callingCodeOf(page.country),
    email: '',
    notes: '',
  }));
  const [errors, setErrors] = useState<Errors>({});
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [channel, setChannel] = useState<BookingCodeChannel>('EMAIL');
  /** Where the code went: the e-mail, or the phone it went to by SMS. */
  const [sentTo, setSentTo] = useState<{ channel: BookingCodeChannel; to: string } | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<PageError | null>(null);
  const onCaptcha = useCallback((payload: string | null) => setCaptcha(payload), []);

  const client = () => ({ ...values, phone: phoneInCountry(values.phone, page.country) });
  const set = (field: Field) => (event: { target: { value: string } }) => {
    const value = field === 'phone' ? formatPhoneAsTyped(event.target.value) : event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const refused = (e: unknown) => {
    const failure = pageErrorOf(e);
    const field = failure.field?.replace(/^client\./, '');
    if (field && [...FIELDS, 'captcha', 'code'].includes(field)) setErrors((current) => ({ ...current, [field]: failure.messageId }));
    else setError(failure);
  };

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const parsed = v.safeParse(bookingClientSchema, client());
    const found: Errors = parsed.success ? {} : fieldErrors(parsed.issues);
    if (!captcha) found.captcha = 'book.captcha';
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success || !captcha) return;
    setBusy(true);
    try {
      const phone = channel === 'SMS' ? parsed.output.phone : null;
      await ask(RequestBookingCodeDocument, { input: { slug, email: parsed.output.email, lang: language, captcha, channel, phone } });
      setSentTo({ channel, to: phone ?? parsed.output.email });
    } catch (e) {
      refused(e);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!/^\d{6}$/.test(code.trim())) return setErrors({ code: 'book.enterCode' });
    setBusy(true);
    try {
      const { confirmBooking } = await ask(ConfirmBookingDocument, {
        input: { slug, serviceIds, masterId, startAt: slot.startAt, client: client(), code: code.trim(), lang: language },
      });
      onBooked(confirmBooking, client().email.trim().toLowerCase());
    } catch (e) {
      refused(e);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Field, label: MessageId, props: Record<string, string | boolean> = {}) => (
    <div className="field">
      <label htmlFor={`book-${name}`}>{t(label)}</label>
      <input
        id={`book-${name}`}
        name={name}
        value={values[name]}
        onChange={set(name)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `book-${name}-error` : undefined}
        disabled={sentTo !== null}
        {...props}
      />
      {errors[name] ? (
        <p className="field-error" id={`book-${name}-error`}>
          {t(errors[name])}
        </p>
      ) : null}
    </div>
  );

  return (
    <section aria-labelledby="details-title">
      <h2 id="details-title">{t('book.detailsTitle')}</h2>
      <Summary rows={summary} />
      {error?.nearest ? (
        <div className="nearest" role="alert">
          <p>{t('book.slotTaken')}</p>
          {error.nearest.length > 0 ? (
            <div className="time-grid" aria-label={t('book.nearest')} role="group">
              {error.nearest.map((startAt) => (
                <button
                  key={startAt}
                  type="button"
                  className="time"
                  onClick={() => {
                    onSlot({ startAt, masterId: masterId ?? '' });
                    setError(null);
                  }}
                >
                  {when(t, language, startAt)}
                </button>
              ))}
            </div>
          ) : null}
        </div>
      ) : error ? (
        <ErrorNote t={t} error={error} />
      ) : null}
      <form onSubmit={sendCode} noValidate>
        {field('firstName', 'book.firstName', { autoComplete: 'given-name', required: true })}
        {field('lastName', 'book.lastName', { autoComplete: 'family-name', required: true })}
        {field('phone', 'book.phone', { type: 'tel', autoComplete: 'tel', inputMode: 'tel', required: true })}
        {field('email', 'book.email', { type: 'email', autoComplete: 'email', inputMode: 'email', required: true })}
        {field('notes', 'book.notes')}
        {sentTo === null && page.codeBySms ? (
          <fieldset className="choices inline">
            <legend>{t('book.codeBy')}</legend>
            {(['EMAIL', 'SMS'] as const).map((option) => (
              <label key={option} className="choice">
                <input type="radio" name="codeBy" checked={channel === option} onChange={() => setChannel(option)} />
                <span className="choice-name">{t(option === 'EMAIL' ? 'book.codeByEmail' : 'book.codeBySms')}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        {sentTo === null ? (
          <>
            <Captcha language={language} onChange={onCaptcha} invalid={Boolean(errors.captcha)} />
            {errors.captcha ? <p className="field-error">{t(errors.captcha)}</p> : null}
            <button type="submit" className="button wide" disabled={busy}>
              {t('book.sendCode')}
            </button>
          </>
        ) : null}
      </form>
      {sentTo !== null ? (
        <form onSubmit={confirm} noValidate className="code-form">
          <p>{sentTo.channel === 'SMS' ? t('book.codeSentSms', { phone: sentTo.to }) : t('book.codeSent', { email: sentTo.to })}</p>
          <div className="field">
            <label htmlFor="book-code">{t('book.code')}</label>
            <input
              id="book-code"
              name="code"
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                setErrors({});
              }}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              aria-invalid={errors.code ? true : undefined}
              aria-describedby={errors.code ? 'book-code-error' : undefined}
            />
            {errors.code ? (
              <p className="field-error" id="book-code-error">
                {t(errors.code)}
              </p>
            ) : null}
          </div>
          <button type="submit" className="button wide" disabled={busy}>
            {t('book.confirm')}
          </button>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setSentTo(null);
              setCode('');
              setCaptcha(null);
            }}
          >
            {t('book.changeDetails')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
