import { DetailCard } from '../ui/detail-layout.tsx';

/** Placeholder of the Security page's "Sign-in rules" card (issue 35, being built). */
export function SecurityConfigCard() {
  return (
    <DetailCard title="Sign-in rules">
      <p className="text-sm text-muted">Coming soon.</p>
    </DetailCard>
  );
}
