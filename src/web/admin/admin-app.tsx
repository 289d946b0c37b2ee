import { StorefrontLayout } from '#web/app/storefront-layout.tsx';
import { NotFoundPage } from '#web/ui/not-found-page.tsx';

/**
 * The admin area (`/admin/*`), a chunk of its own. Without a session it must look exactly like the
 * storefront's not-found page, so nobody learns the panel is here; the admin sign-in issue adds
 * the session check and the panel itself.
 */
export function AdminApp() {
  return (
    <StorefrontLayout>
      <NotFoundPage />
    </StorefrontLayout>
  );
}
