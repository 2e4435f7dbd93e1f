import { useForm } from '@tanstack/react-form';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { Docs, request } from '../../api';
import { landingPath } from '../../domain/roles';
import { loginSchema, resetPasswordSchema } from '../../domain/schemas/access';
import { useLanguage, useT } from '../../i18n';
import { login } from './actions';
import { Button } from '../button';
import { FormShell, SubmitButton } from '../form-shell';
import { Dialog } from '../dialog';
import { FormMessage, FormTextField, schemaValidator } from '../form-field';
import { useServerError } from '../use-server-error';
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
  const server = useServerError('login');
  const form = useForm({
    defaultValues: { username: '', password: '' },
    validators: {
      onChange: schemaValidator<{ username: string; password: string }>(loginSchema),
      onSubmit: schemaValidator<{ username: string; password: string }>(loginSchema),
    },
    onSubmit: async ({ value }) => {
      server.clear();
      try {
        const session = await login(value.username.trim(), value.password);
        await navigate({ to: landingPath(session.role, Boolean(session.salon)) });
      } catch (error) {
        server.report(error);
      }
    },
  });
  return (
    <FormShell form={form}>
      <form.Field name="username">
        {(field) => (
          <FormTextField
            field={field}
            label={t('login.username')}
            type="email"
            autoComplete="username"
            autoFocus
            serverError={server.forField('username')}
            onEdit={server.clear}
          />
        )}
      </form.Field>
      <form.Field name="password">
        {(field) => (
          <FormTextField
            field={field}
            label={t('login.password')}
            type="password"
            autoComplete="current-password"
            serverError={server.forField('password')}
            onEdit={server.clear}
          />
        )}
      </form.Field>
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
  const server = useServerError('resetPassword');
  const [sent, setSent] = useState(false);
  const form = useForm({
    defaultValues: { email: '' },
    validators: {
      onChange: schemaValidator<{ email: string }>(resetPasswordSchema),
      onSubmit: schemaValidator<{ email: string }>(resetPasswordSchema),
    },
    onSubmit: async ({ value }) => {
      server.clear();
      try {
        await request(Docs.ResetPasswordDocument, { input: { email: value.email.trim(), lang: language } });
        setSent(true);
      } catch (error) {
        server.report(error);
      }
    },
  });
  return (
    <FormShell form={form}>
      {sent ? (
        <FormMessage kind="success">{t('reset.success')}</FormMessage>
      ) : (
        <>
          <form.Field name="email">
            {(field) => (
              <FormTextField
                field={field}
                label={t('reset.email')}
                type="email"
                autoComplete="email"
                autoFocus
                serverError={server.forField('email')}
                onEdit={server.clear}
              />
            )}
          </form.Field>
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
