import type { SiteConfig } from '#shared/contracts/site.ts';
import { normalizePhone } from '#shared/phone.ts';

/**
 * The storefront's page while the shop is closed for maintenance
 * (docs/product.md#where-settings-take-effect), answered by web-app.ts with 503; the API's side is
 * site/maintenance.ts.
 */

/** What a crawler or browser is told to wait before asking again. */
export const MAINTENANCE_RETRY_AFTER_SECONDS = 3600;

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A phone number (kept as typed in the settings) as a link target: E.164 when it reads as one. */
const telOf = (phone: string) => normalizePhone(phone) ?? phone.replace(/[^\d+]/g, '');

/**
 * The maintenance page: plain HTML with no script (nothing for the CSP to allow, nothing to load
 * that the maintenance would refuse), the shop's logo or name and how to reach it.
 */
export function renderMaintenancePage(site: SiteConfig): string {
  const name = escapeHtml(site.shopName);
  const { email, phone, address } = site.company;
  const contact = [
    email && `<li>Email: <a href="mailto:${escapeHtml(email)}">${escapeHtml(email)}</a></li>`,
    phone && `<li>Phone: <a href="tel:${escapeHtml(telOf(phone))}">${escapeHtml(phone)}</a></li>`,
    site.features.whatsapp &&
      site.whatsappNumber &&
      `<li>WhatsApp: <a href="https://wa.me/${escapeHtml(telOf(site.whatsappNumber).replace(/^\+/, ''))}">${escapeHtml(site.whatsappNumber)}</a></li>`,
    address && `<li>${escapeHtml(address)}</li>`,
  ]
    .filter(Boolean)
    .join('');
  return [
    '<!doctype html><html lang="en"><head><meta charset="UTF-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="robots" content="noindex">',
    `<title>Closed for maintenance · ${name}</title>`,
    '<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#fafafa;color:#18181b}',
    'main{max-width:32rem;padding:2rem 1.5rem;text-align:center}h1{font-size:1.75rem;margin:0 0 .5rem}',
    'ul{list-style:none;padding:0;line-height:2}a{color:inherit}',
    '@media (prefers-color-scheme:dark){body{background:#09090b;color:#fafafa}}</style>',
    '</head><body><main>',
    // The logo (settings: site) named by the shop's name, in a fixed box as on the storefront.
    site.logoUrl
      ? `<h1><img src="${escapeHtml(site.logoUrl)}" alt="${name}" width="200" height="50" style="object-fit:contain;max-width:100%"></h1>`
      : `<h1>${name}</h1>`,
    '<p>We are closed for maintenance and will be back soon.</p>',
    contact && `<p>Need us meanwhile?</p><ul>${contact}</ul>`,
    '</main></body></html>',
  ].join('');
}
