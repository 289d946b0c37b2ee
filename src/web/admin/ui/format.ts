import type { UserRole } from '#shared/contracts/auth.ts';
import { formatMoney } from '#shared/money.ts';
import { formatInZone } from '#shared/time-zone.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';

/** How a role reads on admin screens (the panel itself treats every staff role as admin, docs/product.md#roles-and-permissions). */
export const ROLE_LABELS: Record<UserRole, string> = {
  super_admin: 'Super admin',
  admin: 'Admin',
  customer: 'Customer',
};

/** Admin screens show money in the shop's currency and dates in the shop's time zone, in the admin's locale. */
export function money(amount: number): string {
  return formatMoney(amount, getSiteConfig().currency);
}

/** "$35.00 – $75.00" when a product's variants differ in price, else the one price (decision 012 §7). */
export function moneyRange(price: number, priceMax: number): string {
  return priceMax > price ? `${money(price)} – ${money(priceMax)}` : money(price);
}

/** A moment in the shop's time zone (settings: site), in the admin's own locale: "Nov 26, 2026, 1:30 AM". */
export function formatDateTime(iso: string | null): string {
  return iso ? formatInZone(iso, getSiteConfig().timeZone, { dateStyle: 'medium', timeStyle: 'short' }) : '—';
}

/** A day in the shop's time zone, in the admin's own locale: "Nov 26, 2026". */
export function formatDate(iso: string): string {
  return formatInZone(iso, getSiteConfig().timeZone, { dateStyle: 'medium' });
}
