import { Link, NavLink } from 'react-router';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { CartButton } from '#web/storefront/cart-kit/cart-button.tsx';
import { SearchBox } from '#web/storefront/search/search-box.tsx';
import { CedarLogo, Icon } from '#web/ui/icons.tsx';
import { ThemeSwitch } from '#web/ui/theme-switch.tsx';
import { ShopLogo } from './shop-logo.tsx';

/** A person: the shopper's account (the page itself sends a signed-out shopper to /login). */
const accountIcon = 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8ZM4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5';
/** Sliders: the preferences page. */
const preferencesIcon = 'M4 6h9M17 6h3M4 12h3M11 12h9M4 18h9M17 18h3M15 4v4M9 10v4M15 16v4';

const navItems = [
  ['/', 'Home'],
  ['/store', 'Store'],
  ['/blog', 'Blog'],
] as const;

/**
 * Phones: logo and actions, then search, then the nav as a tab row. From md: one row of logo,
 * nav, search and actions. The DOM order (logo, nav, search, actions) is the desktop order.
 * The shop's logo (settings: site) is named by its alt text and drawn in a fixed 160 × 40 box, so
 * nothing moves as it loads whatever its shape; without one, the cedar mark and the shop's name.
 */
export function SiteHeader() {
  const { shopName, logoUrl, features } = getSiteConfig();
  return (
    <header className="relative z-30 border-b border-line bg-page/90 backdrop-blur md:sticky md:top-0">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 px-4 pt-2 sm:px-6 md:h-16 md:flex-nowrap md:gap-x-6 md:pt-0 lg:px-8">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2.5 rounded-lg py-1.5 text-lg font-bold tracking-tight text-strong"
        >
          {logoUrl ? (
            <ShopLogo src={logoUrl} alt={shopName} />
          ) : (
            <>
              <CedarLogo />
              {shopName}
            </>
          )}
        </Link>
        <nav id="site-nav" aria-label="Main" className="order-4 w-full md:order-none md:w-auto">
          <ul className="flex gap-5 md:gap-1">
            {navItems.map(([to, label]) => (
              <li key={to}>
                <NavLink to={to} end={to === '/'} className="nav-link">
                  {label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        {features.search && <SearchBox className="order-3 mt-2 w-full md:order-none md:mt-0 md:ml-auto md:max-w-sm" />}
        <div className="order-2 ml-auto flex items-center gap-1 md:order-none md:ml-0">
          <ThemeSwitch />
          <Link to="/preferences" className="icon-btn" aria-label="Preferences" data-tip="Preferences">
            <Icon d={preferencesIcon} />
          </Link>
          <Link to="/account" className="icon-btn" aria-label="Account" data-tip="Account">
            <Icon d={accountIcon} />
          </Link>
          <CartButton />
        </div>
      </div>
    </header>
  );
}
