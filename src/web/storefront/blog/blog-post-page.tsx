import { ComingSoon } from '#web/storefront/ui/coming-soon.tsx';
import { bookIcon } from './blog-icon.ts';

export function BlogPostPage() {
  return (
    <ComingSoon title="Blog" heading="This article is not available yet" icon={bookIcon}>
      Our blog is coming soon. Buying guides, reviews and news will appear here.
    </ComingSoon>
  );
}
