import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { Docs, request } from '../../api';
import { sessionStore } from '../../db/session';
import { useT } from '../../i18n';
import { FormMessage } from '../form-field';
import { LanguageSwitcher } from '../language-switcher';
import { Logo } from '../logo';
import { useServerError } from '../use-server-error';

const route = getRouteApi('/verify-email/$email/$token');

/** E-mail verification (part 1 §4): runs on load; success goes to /salon/appointments, failure shows the error. */
export function VerifyEmailPage() {
  const t = useT();
  const { email, token } = route.useParams();
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
