import { DetailCard } from '../ui/detail-layout.tsx';

/** Placeholder of the Security page's "Alerts" card (issue 35, being built). */
export function AlertsCard() {
  return (
    <DetailCard title="Alerts">
      <p className="text-sm text-muted">Coming soon.</p>
    </DetailCard>
  );
}
