import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Docs, request } from '../api';
import { sessionStore } from '../db/session';
import { useT } from '../i18n';
import { FormMessage } from '../ui/form-field';
import { LanguageSwitcher } from '../ui/language-switcher';
import { Logo } from '../ui/logo';
import { useServerError } from '../ui/use-server-error';

/** E-mail verification (part 1 §4): runs on load; success goes to /salon/appointments, failure shows the error. */
export const Route = createFileRoute('/verify-email/$email/$token')({ component: VerifyEmail });

function VerifyEmail() {
  const t = useT();
  const { email, token } = Route.useParams();
  const navigate = useNavigate();
  const server = useServerError('verifyEmail');
  const [state, setState] = useState<'running' | 'done' | 'failed'>('running');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    request(Docs.VerifyEmailByTokenDocument, { input: { email, token } })
      .then(() => {
        setState('done');
        if (sessionStore.get()) void navigate({ to: '/salon/appointments' });
      })
      .catch((error: unknown) => {
        setState('failed');
        server.report(error);
      });
  }, [email, token, navigate, server]);
  return (
    <div className="centered-page">
      <header className="page-corner">
        <LanguageSwitcher />
      </header>
      <div className="card card-narrow">
        <Logo />
        <h1>{t('verifyEmail.title')}</h1>
        {state === 'running' ? <p role="status">{t('verifyEmail.running')}</p> : null}
        {state === 'done' ? <FormMessage kind="success">{t('verifyEmail.success')}</FormMessage> : null}
        {state === 'failed' ? <FormMessage>{server.formError}</FormMessage> : null}
        {state !== 'running' ? <Link to="/">{t('verifyEmail.toLanding')}</Link> : null}
      </div>
    </div>
  );
}
