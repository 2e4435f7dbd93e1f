import { createFileRoute, redirect } from '@tanstack/react-router';
import { sessionStore } from '../db/session';
import { landingPath } from '../domain/roles';
import { LandingPage, type DialogName } from '../ui/landing/landing-page';

export const Route = createFileRoute('/')({
  validateSearch: (search: Record<string, unknown>): { dialog?: DialogName } =>
    search.dialog === 'login' || search.dialog === 'signup' ? { dialog: search.dialog } : {},
  beforeLoad: () => {
    const session = sessionStore.get();
    if (session) throw redirect({ to: landingPath(session.role, Boolean(session.salon)) });
  },
  component: LandingPage,
});
