import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { demoDataQuery } from '#web/admin/shared/demo-data-query.ts';
import { count } from './analytics-format.ts';

/**
 * While the demo's made-up orders are still in the shop, the figures hold them: said once, with
 * the way out (docs/product.md#demo-data). Nothing while the count loads or once they are gone.
 */
export function DemoHistoryNote() {
  const demo = useQuery(demoDataQuery());
  const orders = demo.data?.orders ?? 0;
  if (orders === 0) return null;
  return (
    <p className="mt-4 rounded-lg border border-violet-200 bg-violet-50 px-4 py-3 text-sm text-violet-950 dark:border-violet-900 dark:bg-violet-950 dark:text-violet-100">
      These figures include the demo shop’s {count(orders)} made-up orders. Remove them with the rest of the demo data
      in{' '}
      <Link to="/admin/settings/system" className="font-medium underline">
        Settings → System
      </Link>{' '}
      when you open the shop.
    </p>
  );
}
