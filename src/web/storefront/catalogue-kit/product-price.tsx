import { formatMoney } from '#shared/money.ts';
import { LbpPrice } from '#web/storefront/ui/lbp-price.tsx';

interface ProductPriceProps {
  price: number;
  /** The highest variant price: above `price`, a card shows from–to ("$35.00 – $75.00", decision 012). */
  priceMax?: number;
  compareAtPrice: number | null;
  currency?: string;
  large?: boolean;
}

/**
 * Price (or from–to over the variants), with the compare-at price struck through when it is higher
 * (a sale), and the Lebanese-pound price of the (lowest) price when the shop shows it.
 */
export function ProductPrice({ price, priceMax = 0, compareAtPrice, currency, large = false }: ProductPriceProps) {
  const onSale = compareAtPrice !== null && compareAtPrice > price;
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className={`font-semibold text-strong ${large ? 'text-3xl tracking-tight' : ''}`}>
        {onSale && <span className="sr-only">Sale price </span>}
        {formatMoney(price, currency)}
        {priceMax > price && ` – ${formatMoney(priceMax, currency)}`}
      </span>
      {onSale && (
        <s className={`text-muted ${large ? 'text-lg' : 'text-sm'}`}>
          <span className="sr-only">Was </span>
          {formatMoney(compareAtPrice, currency)}
        </s>
      )}
      <LbpPrice amount={price} className={large ? 'text-base text-muted' : 'text-xs text-muted'} />
    </p>
  );
}

/** Whole percent saved against the compare-at price, or null when it is not a sale. */
export function discountPercent(price: number, compareAtPrice: number | null): number | null {
  if (compareAtPrice === null || compareAtPrice <= price) return null;
  const percent = Math.round(((compareAtPrice - price) / compareAtPrice) * 100);
  return percent > 0 ? percent : null;
}
