import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Docs, request } from '../../api';
import { landingPath } from '../../domain/roles';
import { loginSchema, resetPasswordSchema } from '../../domain/schemas/access';
import { useLanguage, useT } from '../../i18n';
import { login } from '../session/actions';
import { Button } from '../button';
import { useCommandForm } from '../command-form';
import { FormShell, SubmitButton } from '../form-shell';
import { Dialog } from '../dialog';
import { FormMessage } from '../form-field';
import { useSyncAhead } from './use-sync-ahead';

/** Login dialog with the password-reset form inside (part 1 §2); switch back with 'Already have account?'. */
export function LoginDialog({ isOpen, onClose, onSignup }: { isOpen: boolean; onClose: () => void; onSignup: () => void }) {
  const t = useT();
  const [mode, setMode] = useState<'login' | 'reset'>('login');
  return (
    <Dialog title={t(mode === 'login' ? 'login.title' : 'reset.title')} isOpen={isOpen} onClose={onClose} size="sm">
      {mode === 'login' ? (
        <LoginForm onForgot={() => setMode('reset')} onSignup={onSignup} />
      ) : (
        <ResetForm onBack={() => setMode('login')} />
      )}
    </Dialog>
  );
}

function LoginForm({ onForgot, onSignup }: { onForgot: () => void; onSignup: () => void }) {
  const t = useT();
  useSyncAhead();
  const navigate = useNavigate();
  const { form, server } = useCommandForm<{ username: string; password: string }>({
    operation: 'login',
    schema: loginSchema,
    defaultValues: { username: '', password: '' },
    send: async (value) => {
      const session = await login(value.username.trim(), value.password);
      await navigate({ to: landingPath(session.role, Boolean(session.salon)) });
    },
  });
  return (
    <FormShell form={form} server={server}>
      <form.AppField name="username">
        {(field) => <field.TextField label={t('login.username')} type="email" autoComplete="username" autoFocus />}
      </form.AppField>
      <form.AppField name="password">
        {(field) => <field.TextField label={t('login.password')} type="password" autoComplete="current-password" />}
      </form.AppField>
      <FormMessage>{server.formError}</FormMessage>
      <SubmitButton form={form} block>
        {t('login.submit')}
      </SubmitButton>
      <div className="form-links">
        <Button variant="link" onPress={onForgot}>
          {t('login.forgot')}
        </Button>
        <Button variant="link" onPress={onSignup}>
          {t('login.noAccount')}
        </Button>
      </div>
    </FormShell>
  );
}

function ResetForm({ onBack }: { onBack: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const [sent, setSent] = useState(false);
  const { form, server } = useCommandForm<{ email: string }>({
    operation: 'resetPassword',
    schema: resetPasswordSchema,
    defaultValues: { email: '' },
    send: (value) => request(Docs.ResetPasswordDocument, { input: { email: value.email.trim(), lang: language } }),
    onDone: () => setSent(true),
  });
  return (
    <FormShell form={form} server={server}>
      {sent ? (
        <FormMessage kind="success">{t('reset.success')}</FormMessage>
      ) : (
        <>
          <form.AppField name="email">
            {(field) => <field.TextField label={t('reset.email')} type="email" autoComplete="email" autoFocus />}
          </form.AppField>
          <FormMessage>{server.formError}</FormMessage>
          <SubmitButton form={form} block>
            {t('reset.submit')}
          </SubmitButton>
        </>
      )}
      <div className="form-links">
        <Button variant="link" onPress={onBack}>
          {t('reset.back')}
        </Button>
      </div>
    </FormShell>
  );
}
