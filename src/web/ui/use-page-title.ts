import { useEffect } from 'react';
import { getSiteConfig } from '#web/lib/site-config.ts';

/** Sets `document.title` to `{title} · {shop name}`, or the shop name alone without a title. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    const { shopName } = getSiteConfig();
    document.title = title ? `${title} · ${shopName}` : shopName;
  }, [title]);
}
