import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { Docs, request } from '../../api';
import { landingPath } from '../../domain/roles';
import { changePasswordFormSchema, welcomeBySmsFormSchema } from '../../domain/schemas/access';
import { useLanguage, useT } from '../../i18n';
import { signIn } from '../session/actions';
import { useCommandForm } from '../command-form';
import { FormMessage, FormTextField } from '../form-field';
import { LanguageSwitcher } from '../language-switcher';
import { FormShell, SubmitButton } from '../form-shell';
import { Logo } from '../logo';
import { useSyncAhead } from './use-sync-ahead';

const route = getRouteApi('/change-password/$token');

/**
 * Change password by the mailed token (part 2 §2, §4): success signs in and lands by role. A master's invitation
 * (`?welcome=1`, issue 63) opens the same page to choose the first password; one sent by SMS to a master without an
 * e-mail (`&ask=email`, decision 084) asks for the address to sign in with too.
 */
export function ChangePasswordPage() {
  const t = useT();
  const { token } = route.useParams();
  const { welcome, ask } = route.useSearch();
  const askEmail = ask === 'email';
  const { language } = useLanguage();
  const navigate = useNavigate();
  useSyncAhead();
  const { form, server } = useCommandForm<{ email: string; password: string; passwordRepeat: string }>({
    operation: 'changePassword',
    schema: askEmail ? welcomeBySmsFormSchema : changePasswordFormSchema,
    defaultValues: { email: '', password: '', passwordRepeat: '' },
    send: async (value) => {
      const input = { token, password: value.password, lang: language, ...(askEmail ? { email: value.email } : {}) };
      const { changePasswordByToken } = await request(Docs.ChangePasswordByTokenDocument, { input });
      const session = await signIn(changePasswordByToken);
      await navigate({ to: landingPath(session.role, Boolean(session.salon)) });
    },
  });
  return (
    <div className="centered-page">
      <header className="page-corner">
        <LanguageSwitcher />
      </header>
      <div className="card card-narrow">
        <Logo />
        <h1>{t(welcome ? 'changePassword.welcome.title' : 'changePassword.title')}</h1>
        {welcome ? <p className="section-note">{t(askEmail ? 'changePassword.welcome.noteSms' : 'changePassword.welcome.note')}</p> : null}
        <FormShell form={form}>
          {askEmail ? (
            <form.Field name="email">
              {(field) => (
                <FormTextField
                  field={field}
                  label={t('changePassword.email')}
                  type="email"
                  autoComplete="email"
                  autoFocus
                  serverError={server.forField('email')}
                  onEdit={server.clear}
                />
              )}
            </form.Field>
          ) : null}
          {/* Unbound: the fields show no server message of their own, only clear it. */}
          <form.Field name="password">
            {(field) => (
              <FormTextField
                field={field}
                label={t('changePassword.password')}
                type="password"
                autoComplete="new-password"
                autoFocus={!askEmail}
                onEdit={server.clear}
              />
            )}
          </form.Field>
          <form.Field name="passwordRepeat">
            {(field) => (
              <FormTextField
                field={field}
                label={t('changePassword.passwordRepeat')}
                type="password"
                autoComplete="new-password"
                onEdit={server.clear}
              />
            )}
          </form.Field>
          <FormMessage>{server.formError}</FormMessage>
          <SubmitButton form={form} block>
            {t(welcome ? 'changePassword.welcome.submit' : 'changePassword.submit')}
          </SubmitButton>
        </FormShell>
      </div>
    </div>
  );
}
