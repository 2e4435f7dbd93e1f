import { useForm } from '@tanstack/react-form';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { Docs, request } from '../api';
import { landingPath } from '../domain/roles';
import { changePasswordFormSchema } from '../domain/schemas/access';
import { useT } from '../i18n';
import { signIn } from '../ui/auth/actions';
import { FormMessage, FormTextField, schemaValidator } from '../ui/form-field';
import { LanguageSwitcher } from '../ui/language-switcher';
import { FormShell, SubmitButton } from '../ui/form-shell';
import { Logo } from '../ui/logo';
import { useServerError } from '../ui/use-server-error';

/** Change password by the mailed token (part 2 §2, §4): success signs in and lands by role. */
export const Route = createFileRoute('/change-password/$token')({ component: ChangePassword });

function ChangePassword() {
  const t = useT();
  const { token } = Route.useParams();
  const navigate = useNavigate();
  const server = useServerError('changePassword');
  const form = useForm({
    defaultValues: { password: '', passwordRepeat: '' },
    validators: { onChange: schemaValidator<{ password: string; passwordRepeat: string }>(changePasswordFormSchema), onSubmit: schemaValidator<{ password: string; passwordRepeat: string }>(changePasswordFormSchema) },
    onSubmit: async ({ value }) => {
      server.clear();
      try {
        const { changePasswordByToken } = await request(Docs.ChangePasswordByTokenDocument, { input: { token, password: value.password } });
        const session = await signIn(changePasswordByToken);
        await navigate({ to: landingPath(session.role, Boolean(session.salon)) });
      } catch (error) {
        server.report(error);
      }
    },
  });
  return (
    <div className="centered-page">
      <header className="page-corner">
        <LanguageSwitcher />
      </header>
      <div className="card card-narrow">
        <Logo />
        <h1>{t('changePassword.title')}</h1>
        <FormShell form={form}>
          <form.Field name="password">
            {(field) => <FormTextField field={field} label={t('changePassword.password')} type="password" autoComplete="new-password" autoFocus onEdit={server.clear} />}
          </form.Field>
          <form.Field name="passwordRepeat">
            {(field) => <FormTextField field={field} label={t('changePassword.passwordRepeat')} type="password" autoComplete="new-password" onEdit={server.clear} />}
          </form.Field>
          <FormMessage>{server.formError}</FormMessage>
          <SubmitButton form={form} block>{t('changePassword.submit')}</SubmitButton>
        </FormShell>
      </div>
    </div>
  );
}
