import { formatLbp, lbpPrice } from '#shared/lbp.ts';
import { toCents } from '#shared/money.ts';
import { getSiteConfig } from '#web/lib/site-config.ts';

/**
 * The Lebanese-pound price beside a dollar price ("≈ 8,950,000 LBP"), when the shop shows it
 * (settings: site, currency display): at the shop's rate, rounded to the nearest 1,000 LBP
 * (shared/shop-settings.ts lbpPrice). Nothing when it is off (the default).
 */
export function LbpPrice({ amount, className = 'text-sm text-muted' }: { amount: number; className?: string }) {
  const { lbp } = getSiteConfig();
  if (!lbp.show || !Number.isFinite(amount)) return null;
  return (
    <span className={`tabular-nums ${className}`} data-lbp>
      ≈ {formatLbp(lbpPrice(toCents(amount), lbp.rate))}
    </span>
  );
}
