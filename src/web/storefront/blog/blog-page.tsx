import { ComingSoon } from '#web/storefront/ui/coming-soon.tsx';
import { bookIcon } from './blog-icon.ts';

export function BlogPage() {
  return (
    <ComingSoon title="Blog" heading="Our blog is coming soon" icon={bookIcon}>
      Buying guides, reviews and news about the latest gadgets will appear here.
    </ComingSoon>
  );
}
