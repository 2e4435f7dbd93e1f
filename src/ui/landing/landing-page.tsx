import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { landingPath } from '../../domain/roles';
import { loadWholeCatalog, useT } from '../../i18n';
import { Button } from '../button';
import { FormMessage } from '../form-message';
import { LanguageSwitcher } from '../language-switcher';
import { Logo } from '../logo';
import { useOnline } from '../use-online';
import { useServerError } from '../use-server-error';
import { AppStoreLinks, LandingSections } from './landing-sections';

// Forms, schemas, the GraphQL client and the rest of the catalog load when a dialog opens or Demo is pressed, not
// for the first paint.
const withWholeCatalog = <T,>(module: Promise<T>) => Promise.all([module, loadWholeCatalog()]).then(([m]) => m);
const LoginDialog = lazy(() => withWholeCatalog(import('../auth/login-dialog')).then((m) => ({ default: m.LoginDialog })));
const SignupDialog = lazy(() => withWholeCatalog(import('../auth/signup-dialog')).then((m) => ({ default: m.SignupDialog })));

export type DialogName = 'login' | 'signup';
const route = getRouteApi('/');
const DEMO = { username: 'owner@demo.test', password: 'demo12345' };

/** Public landing page (part 1 §1): hero, trial offer, Register / Login / Demo, app stores, sections. */
export function LandingPage() {
  const t = useT();
  const online = useOnline();
  const navigate = useNavigate({ from: '/' });
  const { dialog } = route.useSearch();
  const open = (next: DialogName | undefined) => void navigate({ search: next ? { dialog: next } : {}, replace: true });
  const demoError = useServerError('login');
  const [demoBusy, setDemoBusy] = useState(false);

  const demo = async () => {
    demoError.clear();
    setDemoBusy(true);
    try {
      const { login } = await withWholeCatalog(import('../auth/actions'));
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
