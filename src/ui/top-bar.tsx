import { Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { updateSession } from '../db/session';
import { canManageSubscription } from '../domain/roles';
import { canToggleArchiveView } from '../domain/rules/settings';
import { useT } from '../i18n';
import { useSession } from './session/use-session';
import { dialogs } from './dialog-store';
import { LanguageSwitcher } from './language-switcher';
import { Logo } from './logo';
import { DropdownMenu, type MenuEntry } from './menu';
import { LazyDialogs } from './lazy-dialogs';
import { useSalonSettings } from './salon/use-salon';
import { useMasters } from './salon/use-salon-setup';
import { SalonSwitcher } from './salon-switcher';
import { StatusIndicator } from './status-indicator';
import { Icon } from './icons';
import { PHONE_WIDTH, useMediaQuery } from './use-media-query';

/** Screens under /salon; those not built yet resolve to the "coming soon" splat route. */
const MAIN_LINKS = [
  ['appointments', 'menu.appointments'],
  ['clients', 'menu.clients'],
  ['inventory', 'menu.inventory'],
  ['staff', 'menu.staff'],
  ['reports', 'menu.report'],
] as const;

/**
 * Top bar (part 1 §2, part 2 §2): the full menu for administrators, the reduced one (language, salon
 * switcher, user menu) for masters, seminars and warehouse for suppliers, the Admin menu only for sysadmins.
 */
export function TopBar() {
  const t = useT();
  const session = useSession();
  const settings = useSalonSettings();
  const phone = useMediaQuery(PHONE_WIDTH);
  const masters = useMasters();
  const archiveViewAllowed = session ? canToggleArchiveView(session, settings) : false;
  // 'Disabling it also hides the archive view' (part 2 §4): whoever loses the toggle stops seeing the archive.
  useEffect(() => {
    if (session?.showArchive && !archiveViewAllowed && settings) void updateSession({ showArchive: false });
  }, [session?.showArchive, archiveViewAllowed, settings]);
  if (!session) return null;
  const isSysadmin = session.role === 'SYSADMIN';
  const isSupplier = session.role === 'SUPPLIER';
  const isMaster = session.role === 'MASTER';
  const hasSalon = Boolean(session.salon);
  const owner = session.isOwner || isSysadmin;
  // Show/Hide Archive: when archive is enabled, or for the owner or a sysadmin (part 2 §2); the mirror's settings.
  const archiveToggle = canToggleArchiveView(session, settings);

  const settingsItems: MenuEntry[] = [
    { id: 'settings', label: t('menu.settings.settings'), href: '/salon/settings' },
    { id: 'cabinets', label: t('menu.settings.cabinets'), href: '/salon/cabinets' },
    { id: 'memberships', label: t('menu.settings.memberships'), href: '/salon/memberships' },
    { id: 'services', label: t('menu.settings.services'), href: '/salon/settings/services' },
    { id: 'manufacturers', label: t('menu.settings.manufacturers'), href: '/salon/settings/manufacturers' },
    { id: 'schedule', label: t('menu.settings.schedule'), href: '/salon/settings/schedule' },
    { id: 'import', label: t('menu.settings.import'), href: '/salon/settings/import' },
    { id: 'onlineBooking', label: t('menu.settings.onlineBooking'), href: '/salon/settings/online-booking' },
    ...(owner ? [{ id: 'administrators', label: t('menu.settings.administrators'), href: '/salon/settings/administrators' }] : []),
    { id: 'adminSettings', label: t('menu.settings.adminSettings'), href: '/salon/admin-settings' },
    ...(archiveToggle
      ? [
          {
            id: 'archive',
            label: t(session.showArchive ? 'menu.settings.hideArchive' : 'menu.settings.showArchive'),
            onAction: () => void updateSession({ showArchive: !session.showArchive }),
            separatorBefore: true,
          },
        ]
      : []),
    ...(owner ? [{ id: 'owner', label: t('menu.settings.ownerSettings'), href: '/salon/owner-settings' }] : []),
    ...(owner ? [{ id: 'export', label: t('menu.settings.export'), href: '/salon/settings/export' }] : []),
  ];
  const adminItems: MenuEntry[] = [
    { id: 'salons', label: t('menu.admin.salons'), href: '/salon/salon-list' },
    { id: 'suppliers', label: t('menu.admin.suppliers'), href: '/salon/suppliers-list' },
    { id: 'statistics', label: t('menu.admin.statistics'), href: '/salon/statistics' },
  ];
  const userItems: MenuEntry[] = [
    { id: 'profile', label: t('menu.user.profile'), onAction: () => dialogs.open('profile') },
    // A master's own calendar feed (issue 58): whoever is one of the salon's masters, an owner working as one too.
    ...(hasSalon && masters?.some((master) => master.userId === session.id)
      ? [{ id: 'calendarFeed', label: t('menu.user.calendarFeed'), onAction: () => dialogs.open('calendarFeed') }]
      : []),
    ...(hasSalon && canManageSubscription(session) ? [{ id: 'invoices', label: t('menu.user.invoices'), href: '/salon/invoices' }] : []),
    // The salon's suppliers' seminars (issue 19): masters have it in the bar (here on a phone), administrators here.
    ...(!isSupplier && (!isMaster || phone) && hasSalon
      ? [{ id: 'seminars', label: t('menu.user.seminars'), href: '/salon/seminars' }]
      : []),
    {
      id: 'signout',
      label: t('menu.user.signOut'),
      separatorBefore: true,
      onAction: () => dialogs.open('signOut'),
    },
  ];

  return (
    <header className="top-bar">
      <Link to="/" className="top-bar-logo" aria-label={t('app.name')}>
        <Logo compact />
      </Link>
      <nav className={phone && !isSupplier && !isMaster ? 'top-bar-nav top-bar-nav-menu' : 'top-bar-nav'} aria-label={t('menu.main')}>
        {isSupplier ? (
          <>
            <Link to="/supplier/seminars" className="nav-link" activeProps={{ className: 'nav-link active' }}>
              {t('menu.supplier.seminars')}
            </Link>
            <Link to="/supplier/warehouse" className="nav-link" activeProps={{ className: 'nav-link active' }}>
              {t('menu.supplier.warehouse')}
            </Link>
          </>
        ) : null}
        {/* A phone: the main links and the settings in one menu, instead of a strip too narrow to read (issue 63). */}
        {!isSupplier && !isMaster && hasSalon && phone ? (
          <DropdownMenu
            ariaLabel={t('menu.main')}
            label={<Icon name="menu" size={22} />}
            items={[
              ...MAIN_LINKS.map(([path, label]) => ({ id: path, label: t(label), href: `/salon/${path}` })),
              ...settingsItems.map((item, i) => (i === 0 ? { ...item, separatorBefore: true } : item)),
            ]}
          />
        ) : null}
        {!isSupplier && !isMaster && hasSalon && !phone
          ? MAIN_LINKS.map(([path, label]) => (
              <Link key={path} to="/salon/$" params={{ _splat: path }} className="nav-link" activeProps={{ className: 'nav-link active' }}>
                {t(label)}
              </Link>
            ))
          : null}
        {!isSupplier && !isMaster && hasSalon && !phone ? <DropdownMenu label={t('menu.settings')} items={settingsItems} /> : null}
        {isMaster && hasSalon && !phone ? (
          <Link to="/salon/seminars" className="nav-link" activeProps={{ className: 'nav-link active' }}>
            {t('menu.user.seminars')}
          </Link>
        ) : null}
        {isSysadmin ? <DropdownMenu label={t('menu.admin')} items={adminItems} /> : null}
      </nav>
      <div className="top-bar-tools">
        <StatusIndicator />
        <LanguageSwitcher />
        {!isSupplier ? <SalonSwitcher /> : null}
        <DropdownMenu
          ariaLabel={t('menu.user.label')}
          label={
            <span className="user-chip" title={`${session.firstName} ${session.lastName}`.trim()}>
              <span className="avatar" aria-hidden>
                {(session.firstName[0] ?? '?').toUpperCase()}
              </span>
              <span className="user-name">{`${session.firstName} ${session.lastName}`.trim()}</span>
            </span>
          }
          items={userItems}
        />
      </div>
      <LazyDialogs />
    </header>
  );
}
