import { DetailCard } from '../ui/detail-layout.tsx';

/** Placeholder of the Security page's "Address allowlist" card (issue 35, being built). */
export function AllowlistCard() {
  return (
    <DetailCard title="Address allowlist">
      <p className="text-sm text-muted">Coming soon.</p>
    </DetailCard>
  );
}
