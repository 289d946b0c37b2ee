import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { getSiteConfig, whatsappLink } from '#web/lib/site-config.ts';
import { CedarLogo, chatIcon, Icon, mailIcon, mapPinIcon, phoneIcon } from './icons.tsx';

function ContactLine({ icon, children }: { icon: string; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2">
      <Icon d={icon} className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}

export function SiteFooter() {
  const { shopName, company, whatsappNumber, features } = getSiteConfig();
  const whatsapp = features.whatsapp ? whatsappLink(whatsappNumber) : undefined;
  return (
    <footer className="mt-8 border-t border-line bg-subtle/40 text-sm text-muted">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1.5fr] lg:px-8">
        <div className="max-w-sm">
          <p className="flex items-center gap-2.5 text-base font-bold text-strong">
            <CedarLogo className="size-7" />
            {shopName}
          </p>
          <p className="mt-3 leading-relaxed">
            Quality electronics, components and accessories, delivered across Lebanon.
          </p>
        </div>
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
          </ul>
        </nav>
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
