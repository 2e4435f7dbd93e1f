import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { lazy, useState } from 'react';
import { landingPath } from '../../domain/roles';
import { useT, withWholeCatalog } from '../../i18n';
import { PlainButton } from '../plain-button';
import { FormMessage } from '../form-message';
import { LanguageSwitcher } from '../language-switcher';
import { LoadBoundary } from '../load-failed';
import { Logo } from '../logo';
import { useOnline } from '../use-online';
import { AppStoreLinks, LandingSections } from './landing-sections';

// Forms, schemas, the GraphQL client and the rest of the catalog load when a dialog opens or Demo is pressed, not
// for the first paint.
const LoginDialog = lazy(() => withWholeCatalog(import('../auth/login-dialog')).then((m) => ({ default: m.LoginDialog })));
const SignupDialog = lazy(() => withWholeCatalog(import('../auth/signup-dialog')).then((m) => ({ default: m.SignupDialog })));

export type DialogName = 'login' | 'signup';
type ServerErrorMessage = (typeof import('../server-error-message'))['default'];
const route = getRouteApi('/');
const DEMO = { username: 'owner@demo.test', password: 'demo12345' };

/** Public landing page (part 1 §1): hero, trial offer, Register / Login / Demo, app stores, sections. */
export function LandingPage() {
  const t = useT();
  const online = useOnline();
  const navigate = useNavigate({ from: '/' });
  const { dialog } = route.useSearch();
  const open = (next: DialogName | undefined) => void navigate({ search: next ? { dialog: next } : {}, replace: true });
  const [demoFailure, setDemoFailure] = useState<{ error: unknown; Message: ServerErrorMessage | null } | null>(null);
  const [demoBusy, setDemoBusy] = useState(false);

  const demo = async () => {
    setDemoFailure(null);
    setDemoBusy(true);
    try {
      const { login } = await withWholeCatalog(import('../session/actions'));
      const session = await login(DEMO.username, DEMO.password);
      await navigate({ to: landingPath(session.role, Boolean(session.salon)) });
    } catch (error) {
      // The table of error messages loads only when Demo fails, again each time (offline on a first visit even that
      // may not load; then the message says what it can).
      const Message = await import('../server-error-message').then(
        (m) => m.default,
        () => null,
      );
      setDemoFailure({ error, Message });
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
          <PlainButton variant="ghost" onPress={() => open('login')}>
            {t('landing.login')}
          </PlainButton>
        </nav>
      </header>
      <main>
        <section className="hero">
          <h1>{t('landing.hero.title')}</h1>
          <p className="hero-subtitle">{t('landing.hero.subtitle')}</p>
          <p className="hero-trial">{t('landing.trial')}</p>
          {!online ? <FormMessage kind="info">{t('landing.offline')}</FormMessage> : null}
          <div className="hero-actions">
            <PlainButton variant="primary" onPress={() => open('signup')}>
              {t('landing.register')}
            </PlainButton>
            <PlainButton variant="secondary" onPress={() => open('login')}>
              {t('landing.login')}
            </PlainButton>
            <PlainButton variant="secondary" onPress={() => void demo()} isDisabled={demoBusy}>
              {t('landing.demo')}
            </PlainButton>
          </div>
          {demoFailure?.Message ? (
            <demoFailure.Message operation="login" error={demoFailure.error} fields={['username', 'password']} />
          ) : demoFailure ? (
            <FormMessage>{t(online ? 'error.default' : 'error.offline')}</FormMessage>
          ) : null}
          <div className="hero-apps">
            <p>{t('landing.apps.title')}</p>
            <AppStoreLinks />
          </div>
        </section>
        <LandingSections />
      </main>
      <LoadBoundary onFailed={() => open(undefined)}>
        {dialog === 'login' ? <LoginDialog isOpen onClose={() => open(undefined)} onSignup={() => open('signup')} /> : null}
        {dialog === 'signup' ? <SignupDialog isOpen onClose={() => open(undefined)} onLogin={() => open('login')} /> : null}
      </LoadBoundary>
    </div>
  );
}
