import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { usePendingReviewCount } from '#web/admin/shared/review-queue.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { updatePreferences, usePreferencesStore } from '#web/stores/preferences-store.ts';
import { CedarLogo, Icon } from '#web/ui/icons.tsx';
import { ThemeSwitch } from '#web/ui/theme-switch.tsx';
import { ToasterHost } from '#web/ui/toaster-host.tsx';
import { useAdminAuth } from '../auth/admin-auth.tsx';
import { useControlledDialog } from '../ui/use-controlled-dialog.ts';
import { ADMIN_NAV, type AdminNavItem } from './admin-nav.ts';
import { NotificationBell } from './notifications/notification-bell.tsx';
import { PanelErrorBoundary } from './panel-error-boundary.tsx';

const menuIcon = 'M4 6h16M4 12h16M4 18h16';
const closeIcon = 'M6 6l12 12M18 6 6 18';
const collapseIcon = 'M15 6l-6 6 6 6';
const expandIcon = 'M9 6l6 6-6 6';
const storeIcon = 'M4 9l1.5-5h13L20 9M4 9v11h16V9M4 9h16M9 20v-6h6v6';
const signOutIcon = 'M9 20H6a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2h3M16 17l5-5-5-5M21 12H9';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

function SidebarNav({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const counts: Record<NonNullable<AdminNavItem['count']>, number | undefined> = {
    pendingReviews: usePendingReviewCount(),
  };
  return (
    <nav aria-label="Admin" className="flex-1 overflow-y-auto px-3 py-4">
      <ul className="space-y-1">
        {ADMIN_NAV.map((item) => {
          const count = (item.count && counts[item.count]) || 0;
          const hasCount = count > 0;
          return (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                onClick={onNavigate}
                title={collapsed ? item.label : undefined}
                // The pill is for the eye; the link's name says it in words.
                aria-label={hasCount ? `${item.label}, ${count} pending` : undefined}
                className={`relative flex h-10 items-center gap-3 rounded-xl px-3 text-sm font-medium text-muted hover:bg-subtle hover:text-fg aria-[current=page]:bg-accent-soft aria-[current=page]:text-accent ${collapsed ? 'justify-center' : ''}`}
              >
                <Icon d={item.icon} className="size-5 shrink-0" />
                <span className={collapsed ? 'sr-only' : ''}>{item.label}</span>
                {hasCount && <NavCount count={count} collapsed={collapsed} />}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** What waits in a section (reviews to moderate): a pill after the label, on the icon's corner when collapsed. */
function NavCount({ count, collapsed }: { count: number; collapsed: boolean }) {
  return (
    <span
      aria-hidden="true"
      data-testid="nav-count"
      className={`flex items-center justify-center rounded-full bg-accent-solid leading-none font-semibold text-on-accent tabular-nums ${collapsed ? 'absolute top-0.5 right-0.5 h-4 min-w-4 px-1 text-[10px]' : 'ml-auto h-5 min-w-5 px-1.5 text-xs'}`}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

function Brand({ collapsed }: { collapsed: boolean }) {
  const { shopName } = getSiteConfig();
  return (
    <Link to="/admin" className="flex h-16 items-center gap-3 px-5 font-semibold text-strong">
      <CedarLogo className="size-8 shrink-0" />
      <span className={collapsed ? 'sr-only' : 'truncate'}>
        {shopName} <span className="font-normal text-muted">Admin</span>
      </span>
    </Link>
  );
}

/** The phone's sidebar: a modal drawer from the left, closed by Escape, the backdrop or a link. */
function MobileSidebar({ open, onClose }: { open: boolean; onClose: () => void }) {
  const dialog = useControlledDialog(open);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop; keyboards close the native dialog with Escape.
    <dialog
      ref={dialog}
      aria-label="Admin menu"
      onClose={onClose}
      onClick={(event) => {
        if (event.target === dialog.current) onClose();
      }}
      className="m-0 h-dvh max-h-none w-72 max-w-[85vw] bg-surface p-0 text-fg backdrop:bg-black/40 lg:hidden"
    >
      <div className="flex h-full flex-col">
        <div className="flex items-center justify-between pr-3">
          <Brand collapsed={false} />
          <button type="button" className="icon-btn" onClick={onClose} aria-label="Close menu">
            <Icon d={closeIcon} />
          </button>
        </div>
        <SidebarNav collapsed={false} onNavigate={onClose} />
        <StoreLink collapsed={false} />
      </div>
    </dialog>
  );
}

function StoreLink({ collapsed }: { collapsed: boolean }) {
  return (
    <div className="border-t border-line px-3 py-3">
      <a
        href="/"
        target="_blank"
        rel="noopener"
        title={collapsed ? 'View store' : undefined}
        className={`flex h-10 items-center gap-3 rounded-xl px-3 text-sm font-medium text-muted hover:bg-subtle hover:text-fg ${collapsed ? 'justify-center' : ''}`}
      >
        <Icon d={storeIcon} className="size-5 shrink-0" />
        <span className={collapsed ? 'sr-only' : ''}>View store</span>
      </a>
    </div>
  );
}

function UserMenu() {
  const { user, signOut } = useAdminAuth();
  const [signingOut, setSigningOut] = useState(false);
  if (!user) return null;
  return (
    <div className="flex items-center gap-2 border-l border-line pl-3">
      <Link to="/admin/account" className="flex items-center gap-2 rounded-full pr-1 hover:bg-subtle" title="Account">
        {user.avatar_url ? (
          <img src={user.avatar_url} alt="" className="size-8 rounded-full object-cover" />
        ) : (
          <span
            aria-hidden="true"
            className="flex size-8 items-center justify-center rounded-full bg-accent-tint text-xs font-semibold text-on-accent-tint"
          >
            {initials(user.name)}
          </span>
        )}
        <span className="hidden max-w-40 truncate text-sm font-medium sm:inline">{user.name}</span>
      </Link>
      <button
        type="button"
        className="icon-btn"
        disabled={signingOut}
        onClick={() => {
          setSigningOut(true);
          void signOut();
        }}
        aria-label="Sign out"
        title="Sign out"
      >
        <Icon d={signOutIcon} />
      </button>
    </div>
  );
}

/**
 * The back office: a sidebar (collapsible on desktop, remembered as the `sidebarCollapsed`
 * preference; a drawer on phones) and a top bar with the notifications slot, theme and account.
 * The routes' screens render in the main area, inside an error boundary of their own.
 */
export function AdminLayout() {
  const collapsed = usePreferencesStore((state) => state.sidebarCollapsed);
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: close the drawer whenever the page changes.
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <div className="flex min-h-dvh bg-subtle/60">
      <a
        href="#admin-main"
        className="sr-only z-50 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:btn-primary"
      >
        Skip to main content
      </a>
      <aside
        className={`sticky top-0 hidden h-dvh shrink-0 flex-col border-r border-line bg-surface transition-[width] lg:flex ${collapsed ? 'w-18' : 'w-64'}`}
      >
        <Brand collapsed={collapsed} />
        <SidebarNav collapsed={collapsed} />
        <StoreLink collapsed={collapsed} />
        <div className="border-t border-line px-3 py-3">
          <button
            type="button"
            onClick={() => updatePreferences((current) => ({ sidebarCollapsed: !current.sidebarCollapsed }))}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            aria-expanded={!collapsed}
            className={`flex h-10 w-full items-center gap-3 rounded-xl px-3 text-sm font-medium text-muted hover:bg-subtle hover:text-fg ${collapsed ? 'justify-center' : ''}`}
          >
            <Icon d={collapsed ? expandIcon : collapseIcon} className="size-5 shrink-0" />
            <span className={collapsed ? 'sr-only' : ''}>Collapse</span>
          </button>
        </div>
      </aside>
      <MobileSidebar open={menuOpen} onClose={() => setMenuOpen(false)} />

      <div className="flex min-w-0 flex-1 flex-col">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-line bg-surface/95 px-3 backdrop-blur sm:px-6">
          <button
            type="button"
            className="icon-btn lg:hidden"
            onClick={() => setMenuOpen(true)}
            aria-label="Open menu"
            aria-haspopup="dialog"
          >
            <Icon d={menuIcon} />
          </button>
          <div className="min-w-0 flex-1 lg:invisible">
            {/* max-w-full: on a phone the name shortens (…) instead of running under the bell. */}
            <Link to="/admin" className="inline-flex max-w-full items-center gap-2 font-semibold text-strong">
              <CedarLogo className="size-7 shrink-0" />
              <span className="truncate">{getSiteConfig().shopName}</span>
            </Link>
          </div>
          <NotificationBell />
          <ThemeSwitch />
          <UserMenu />
        </header>
        <main id="admin-main" tabIndex={-1} className="flex-1 px-3 py-6 focus:outline-none sm:px-6 lg:px-8">
          <div className="mx-auto w-full max-w-6xl">
            {/* A page that fails shows its message here; the sidebar and header stay. */}
            <PanelErrorBoundary what="This page" resetKey={pathname}>
              <Outlet />
            </PanelErrorBoundary>
          </div>
        </main>
      </div>
      <ToasterHost />
    </div>
  );
}
