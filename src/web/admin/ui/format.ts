import type { UserRole } from '#shared/contracts/auth.ts';
import { formatMoney } from '#shared/money.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';

/** How a role reads on admin screens (the panel itself treats every staff role as admin, docs/product.md#roles-and-permissions). */
export const ROLE_LABELS: Record<UserRole, string> = {
  super_admin: 'Super admin',
  admin: 'Admin',
  customer: 'Customer',
};

/** Admin screens show money in the shop's currency and dates in the admin's locale. */
export function money(amount: number): string {
  return formatMoney(amount, getSiteConfig().currency);
}

/** "$35.00 – $75.00" when a product's variants differ in price, else the one price (decision 012 §7). */
export function moneyRange(price: number, priceMax: number): string {
  return priceMax > price ? `${money(price)} – ${money(priceMax)}` : money(price);
}

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '—' : dateTime.format(date);
}
