import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { sessionStore } from '../db/session';
import { canOpenSalonPath, landingPath } from '../domain/roles';
import { withWholeCatalog } from '../i18n';
import { lazy } from 'react';
import { clientDialogs, useClientDialog } from '../ui/clients/client-dialogs';
import { LoadBoundary } from '../ui/load-failed';
import { membershipSale, useMembershipSale } from '../ui/memberships/membership-sale';
import { RefusalBannerAfterPaint } from '../ui/shell-after-paint';
import { SubscriptionBannerWithPage } from '../ui/subscription/banner-with-page';
import { SkipLink } from '../ui/skip-link';
import { TopBar } from '../ui/top-bar';
import { SALONLESS_PATHS } from './-screens';

/**
 * Guard of every /salon route (part 1 §2): signed out → /, suppliers → their seminars, masters only
 * /salon/appointments, owner and sysadmin screens by role. The server enforces the same rules on every call.
 */
export const Route = createFileRoute('/salon')({
  beforeLoad: ({ location }) => {
    const session = sessionStore.get();
    if (!session) throw redirect({ to: '/' });
    if (session.role === 'SUPPLIER') throw redirect({ to: '/supplier/seminars' });
    const path = location.pathname.replace(/\/+$/, '');
    if (path === '/salon') throw redirect({ to: landingPath(session.role, Boolean(session.salon)) });
    if (!session.salon && !SALONLESS_PATHS.some((p) => path.startsWith(p))) throw redirect({ to: landingPath(session.role, false) });
    if (!canOpenSalonPath(session, path)) throw redirect({ to: landingPath(session.role, Boolean(session.salon)) });
  },
  component: SalonLayout,
});

// Client dialogs open from several screens; their code loads the first time one opens.
const ClientDialogsHost = lazy(() => withWholeCatalog(import('../ui/clients/client-dialogs-host')));
// A membership sold from the front desk (the client dialog, the Sale dialog).
const MembershipSaleHost = lazy(() => withWholeCatalog(import('../ui/memberships/membership-sale-host')));

function SalonLayout() {
  const clientDialog = useClientDialog();
  const sellingMembership = useMembershipSale();
  return (
    <div className="app-shell">
      <SkipLink />
      <TopBar />
      <main className="app-main" id="main" tabIndex={-1}>
        <SubscriptionBannerWithPage />
        <RefusalBannerAfterPaint />
        <Outlet />
      </main>
      {clientDialog ? (
        <LoadBoundary onFailed={clientDialogs.close}>
          <ClientDialogsHost />
        </LoadBoundary>
      ) : null}
      {sellingMembership ? (
        <LoadBoundary onFailed={membershipSale.close}>
          <MembershipSaleHost />
        </LoadBoundary>
      ) : null}
    </div>
  );
}
