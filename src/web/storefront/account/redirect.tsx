import { useEffect } from 'react';
import { useNavigate } from 'react-router';

/**
 * What `<Navigate to replace />` does (replace the current entry once drawn), without React
 * Router's `<Navigate>`: all of React Router sits in the storefront's first-load chunk, so each of
 * its exports a lazy screen uses joins the first load (decision 004); `useNavigate` is there anyway.
 */
export function Redirect({ to }: { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}
