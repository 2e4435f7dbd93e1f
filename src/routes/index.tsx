import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { sessionStore } from '../db/session';
import { landingPath } from '../domain/roles';
import { useT } from '../i18n';
import { Button } from '../ui/button';
import { FormMessage } from '../ui/form-message';
import { LanguageSwitcher } from '../ui/language-switcher';
import { Logo } from '../ui/logo';
import { useOnline } from '../ui/use-online';
import { useServerError } from '../ui/use-server-error';
import { AppStoreLinks, LandingSections } from './-components/landing-sections';

// Forms, schemas and the GraphQL client load when a dialog opens or Demo is pressed, not for the first paint.
const LoginDialog = lazy(() => import('./-components/login-dialog').then((m) => ({ default: m.LoginDialog })));
const SignupDialog = lazy(() => import('./-components/signup-dialog').then((m) => ({ default: m.SignupDialog })));

type DialogName = 'login' | 'signup';
const DEMO = { username: 'owner@demo.test', password: 'demo12345' };

export const Route = createFileRoute('/')({
  validateSearch: (search: Record<string, unknown>): { dialog?: DialogName } =>
    search.dialog === 'login' || search.dialog === 'signup' ? { dialog: search.dialog } : {},
  beforeLoad: () => {
    const session = sessionStore.get();
    if (session) throw redirect({ to: landingPath(session.role, Boolean(session.salon)) });
  },
  component: Landing,
});

/** Public landing page (part 1 §1): hero, trial offer, Register / Login / Demo, app stores, sections. */
function Landing() {
  const t = useT();
  const online = useOnline();
  const navigate = useNavigate({ from: '/' });
  const { dialog } = Route.useSearch();
  const open = (next: DialogName | undefined) => void navigate({ search: next ? { dialog: next } : {}, replace: true });
  const demoError = useServerError('login');
  const [demoBusy, setDemoBusy] = useState(false);

  const demo = async () => {
    demoError.clear();
    setDemoBusy(true);
    try {
      const { login } = await import('../ui/auth/actions');
      const session = await login(DEMO.username, DEMO.password);
      await navigate({ to: landingPath(session.role, Boolean(session.salon)) });
    } catch (error) {
      demoError.report(error);
    } finally {
      setDemoBusy(false);
    }
  };

  return (
    <div className="landing">
      <header className="landing-header">
        <Logo />
        <nav className="landing-nav">
          <LanguageSwitcher />
          <Button variant="ghost" onPress={() => open('login')}>
            {t('landing.login')}
          </Button>
        </nav>
      </header>
      <main>
        <section className="hero">
          <h1>{t('landing.hero.title')}</h1>
          <p className="hero-subtitle">{t('landing.hero.subtitle')}</p>
          <p className="hero-trial">{t('landing.trial')}</p>
          {!online ? <FormMessage kind="info">{t('landing.offline')}</FormMessage> : null}
          <div className="hero-actions">
            <Button variant="primary" onPress={() => open('signup')}>
              {t('landing.register')}
            </Button>
            <Button variant="secondary" onPress={() => open('login')}>
              {t('landing.login')}
            </Button>
            <Button variant="secondary" onPress={() => void demo()} isDisabled={demoBusy}>
              {t('landing.demo')}
            </Button>
          </div>
          <FormMessage>{demoError.formError ?? demoError.forField('username') ?? demoError.forField('password')}</FormMessage>
          <div className="hero-apps">
            <p>{t('landing.apps.title')}</p>
            <AppStoreLinks />
          </div>
        </section>
        <LandingSections />
      </main>
      <Suspense fallback={null}>
        {dialog === 'login' ? <LoginDialog isOpen onClose={() => open(undefined)} onSignup={() => open('signup')} /> : null}
        {dialog === 'signup' ? <SignupDialog isOpen onClose={() => open(undefined)} onLogin={() => open('login')} /> : null}
      </Suspense>
    </div>
  );
}
