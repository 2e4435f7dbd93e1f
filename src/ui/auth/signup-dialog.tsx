import { useNavigate } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import * as v from 'valibot';
import { Docs, request } from '../../api';
import { signupSchema } from '../../domain/schemas/access';
import { DEFAULT_PHONE_PREFIX } from '../../domain/schemas/phone';
import { useLanguage, useT } from '../../i18n';
import { signIn } from '../session/actions';
import { Button } from '../button';
import { useCommandForm } from '../command-form';
import { FormShell, SubmitButton } from '../form-shell';
import { Dialog } from '../dialog';
import { FormMessage } from '../form-field';
import { useSyncAhead } from './use-sync-ahead';
import { Captcha } from './captcha';

/**
 * Sign-up (part 1 §2, §4, §5): validate with the shared schema, solve the captcha, then sign up, run the
 * default setup and make the owner a master (both idempotent on the server), and land on appointments.
 */
export function SignupDialog({ isOpen, onClose, onLogin }: { isOpen: boolean; onClose: () => void; onLogin: () => void }) {
  const t = useT();
  return (
    <Dialog title={t('signup.title')} isOpen={isOpen} onClose={onClose} size="md">
      <SignupForm onLogin={onLogin} />
    </Dialog>
  );
}

type SignupValues = Record<
  'salonName' | 'salonAddress' | 'firstName' | 'lastName' | 'email' | 'phone' | 'password' | 'promoCode' | 'captcha',
  string
>;

const TEXT_FIELDS = [
  ['salonName', 'signup.salonName', 'organization'],
  ['salonAddress', 'signup.salonAddress', 'street-address'],
  ['firstName', 'signup.firstName', 'given-name'],
  ['lastName', 'signup.lastName', 'family-name'],
  ['email', 'signup.email', 'email'],
] as const;

function SignupForm({ onLogin }: { onLogin: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const navigate = useNavigate();
  useSyncAhead();
  const [captchaKey, setCaptchaKey] = useState(0);
  const { form, server } = useCommandForm<SignupValues>({
    operation: 'signup',
    schema: signupSchema,
    defaultValues: {
      salonName: '',
      salonAddress: '',
      firstName: '',
      lastName: '',
      email: '',
      phone: DEFAULT_PHONE_PREFIX,
      password: '',
      promoCode: '',
      captcha: '',
    },
    send: async (value) => {
      const input = v.parse(signupSchema, { ...value, lang: language });
      try {
        const { signupAdministrator: result } = await request(Docs.SignupAdministratorDocument, { input });
        await signIn(result);
        await request(Docs.SetupNewSalonDocument, { input: { salon: result.salon.id, lang: language } });
        await request(Docs.SetOwnerAsMasterDocument, { input: { salon: result.salon.id, user: result.user.id } });
        await navigate({ to: '/salon/appointments' });
      } catch (error) {
        // A captcha solution is accepted once: solve a new one before the next try (the form shows the error).
        form.setFieldValue('captcha', '');
        setCaptchaKey((k) => k + 1);
        throw error;
      }
    },
  });
  const onCaptcha = useCallback((payload: string | null) => form.setFieldValue('captcha', payload ?? ''), [form]);
  return (
    <FormShell form={form} server={server} className="form form-grid">
      {TEXT_FIELDS.map(([name, label, autoComplete]) => (
        <form.AppField key={name} name={name}>
          {(field) => (
            <field.TextField
              label={t(label)}
              type={name === 'email' ? 'email' : 'text'}
              autoComplete={autoComplete}
              autoFocus={name === 'salonName'}
            />
          )}
        </form.AppField>
      ))}
      <form.AppField name="phone">{(field) => <field.Phone label={t('signup.phone')} />}</form.AppField>
      <form.AppField name="password">
        {(field) => <field.TextField label={t('signup.password')} type="password" autoComplete="new-password" />}
      </form.AppField>
      <form.AppField name="promoCode">{(field) => <field.TextField label={t('signup.promoCode')} />}</form.AppField>
      {/* Subscribed to the submit count too: the message must show right after a submit, not on the next edit. */}
      <form.Subscribe selector={(s) => [s.submissionAttempts, s.values.captcha] as const}>
        {([attempts, captcha]) => {
          const message = attempts > 0 && !captcha ? t('access.signup.solveCaptcha') : server.forField('captcha');
          return (
            <div className="field field-span">
              <span className="field-label">{t('signup.captcha')}</span>
              <Captcha key={captchaKey} onChange={onCaptcha} invalid={Boolean(message)} />
              {message ? (
                <span className="field-error" role="alert">
                  {message}
                </span>
              ) : null}
            </div>
          );
        }}
      </form.Subscribe>
      <div className="field-span">
        <FormMessage>{server.formError}</FormMessage>
        <SubmitButton form={form} block>
          {t('signup.submit')}
        </SubmitButton>
        <div className="form-links">
          <Button variant="link" onPress={onLogin}>
            {t('signup.haveAccount')}
          </Button>
        </div>
      </div>
    </FormShell>
  );
}
