import { type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { SHOP_PAGE_LABELS, SHOP_PAGE_SLUGS } from '#shared/pages.ts';
import { whatsappLink } from '#shared/whatsapp.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';
import { CedarLogo, Icon } from '#web/ui/icons.tsx';
import { ShopLogo } from './shop-logo.tsx';

// Icons only this screen draws (kept here so they load with it, not with every page).
const phoneIcon =
  'M5 4h3.5l1.5 4-2 1.5a11 11 0 0 0 6.5 6.5l1.5-2 4 1.5V19a1.5 1.5 0 0 1-1.6 1.5A16 16 0 0 1 3.5 5.6 1.5 1.5 0 0 1 5 4Z';
const mailIcon = 'M5 5h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2M4 7l8 6 8-6';
const mapPinIcon =
  'M12 21s-7-6.2-7-11.5a7 7 0 0 1 14 0C19 14.8 12 21 12 21ZM14.5 9.5a2.5 2.5 0 1 1-5 0 2.5 2.5 0 0 1 5 0';
const pencilIcon = 'M4 20h4L19 9l-4-4L4 16v4ZM14 6l4 4';
const chatIcon = 'M4 20l1.3-3.9A8 8 0 1 1 8 19.1L4 20ZM9 10.5c.5 1.8 2 3.3 3.8 3.8l1.2-1.1 1.8.8';

/** The networks the shop may link (settings: site, `social_links`), in order, with their marks as stroke paths. */
const SOCIAL = [
  [
    'facebook',
    'Facebook',
    'M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6.5v3.5H9V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15V3Z',
  ],
  [
    'instagram',
    'Instagram',
    'M8 3h8a5 5 0 0 1 5 5v8a5 5 0 0 1-5 5H8a5 5 0 0 1-5-5V8a5 5 0 0 1 5-5M16 12a4 4 0 1 1-8 0 4 4 0 0 1 8 0M17.5 6.5v.01',
  ],
  ['tiktok', 'TikTok', 'M14 3v12.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.5 3 2.5 5 5.5 5'],
  ['x', 'X', 'M4 4l16 16M20 4l-6.9 6.9M10.9 13.1 4 20'],
  [
    'youtube',
    'YouTube',
    'M4.5 6.5C7 6 17 6 19.5 6.5A2.5 2.5 0 0 1 21.5 9c.3 2 .3 4 0 6a2.5 2.5 0 0 1-2 2.5c-2.5.5-12.5.5-15 0a2.5 2.5 0 0 1-2-2.5c-.3-2-.3-4 0-6a2.5 2.5 0 0 1 2-2.5M10 9.5v5l4.5-2.5-4.5-2.5Z',
  ],
] as const;

function ContactLine({ icon, children }: { icon: string; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2">
      <Icon d={icon} className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

export function SiteFooter() {
  const { pathname } = useLocation();
  // The cart sync (docs/product.md#cart-sync) downloads only once a shopper session is stored; this
  // lazy footer is on every storefront page, and a sign-in always moves to another path.
  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again on each page change
  useEffect(() => {
    try {
      if (localStorage.getItem('cedar-shopper-session')) void import('#web/storefront/cart-kit/sync/start.ts');
    } catch {
      // No storage (private mode): no session either.
    }
  }, [pathname]);
  const { shopName, logoUrl, company, whatsappNumber, socialLinks = {}, features } = getSiteConfig();
  const whatsapp = features.whatsapp ? whatsappLink(whatsappNumber) : undefined;
  const social = SOCIAL.filter(([network]) => socialLinks[network]);
  return (
    <footer className="mt-8 border-t border-line bg-subtle/40 text-sm text-muted">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[1.5fr_2fr_1.5fr] lg:px-8">
        <div className="max-w-sm">
          {logoUrl ? (
            <ShopLogo src={logoUrl} alt={shopName} loading="lazy" />
          ) : (
            <p className="flex items-center gap-2.5 text-base font-bold text-strong">
              <CedarLogo className="size-7" />
              {shopName}
            </p>
          )}
          <p className="mt-3 leading-relaxed">
            Quality electronics, components and accessories, delivered across Lebanon.
          </p>
          {social.length > 0 && (
            <ul aria-label={`${shopName} on social media`} className="mt-4 -ml-2.5 flex flex-wrap gap-1">
              {social.map(([network, name, icon]) => (
                <li key={network}>
                  <a
                    href={socialLinks[network]}
                    target="_blank"
                    rel="noopener noreferrer me"
                    className="icon-btn"
                    aria-label={`${name} (opens in a new tab)`}
                    data-tip={name}
                  >
                    <Icon d={icon} />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
        {/* Two short link lists side by side, on a phone too. */}
        <div className="grid grid-cols-2 gap-8">
          <nav aria-label="Footer">
            <h2 className="font-semibold text-strong">Shop</h2>
            <ul className="mt-3 space-y-2 [&_a:hover]:text-fg [&_a:hover]:underline">
              <li>
                <Link to="/store">All products</Link>
              </li>
              <li>
                <Link to="/blog">Blog</Link>
              </li>
              <li>
                <Link to="/checkout">Checkout</Link>
              </li>
              <li>
                <Link to="/preferences">Preferences</Link>
              </li>
            </ul>
          </nav>
          <nav aria-label="Shop information">
            <h2 className="font-semibold text-strong">Shop information</h2>
            <ul className="mt-3 space-y-2 [&_a:hover]:text-fg [&_a:hover]:underline">
              {SHOP_PAGE_SLUGS.map((slug) => (
                <li key={slug}>
                  <Link to={`/pages/${slug}`}>{SHOP_PAGE_LABELS[slug]}</Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div>
          <h2 className="font-semibold text-strong">Contact us</h2>
          <address className="mt-3 space-y-2 not-italic [&_a:hover]:text-fg [&_a:hover]:underline">
            <p className="font-medium text-fg">{company.legalName}</p>
            {company.phone && (
              <ContactLine icon={phoneIcon}>
                <a href={`tel:${company.phone.replace(/[^\d+]/g, '')}`}>{company.phone}</a>
              </ContactLine>
            )}
            {company.email && (
              <ContactLine icon={mailIcon}>
                <a href={`mailto:${company.email}`} className="break-all">
                  {company.email}
                </a>
              </ContactLine>
            )}
            {company.address && <ContactLine icon={mapPinIcon}>{company.address}</ContactLine>}
            {whatsapp && (
              <ContactLine icon={chatIcon}>
                <a href={whatsapp} target="_blank" rel="noopener noreferrer">
                  WhatsApp {whatsappNumber}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </ContactLine>
            )}
            {features.contactForm && (
              <ContactLine icon={pencilIcon}>
                <Link to="/contact">Send us a message</Link>
              </ContactLine>
            )}
          </address>
        </div>
      </div>
      <div className="border-t border-line">
        <p className="mx-auto max-w-7xl px-4 py-5 text-xs sm:px-6 lg:px-8">
          © {new Date().getFullYear()} {company.legalName}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
