import { useQuery } from '@tanstack/react-query';
import {
  type OrderMessage,
  type OrderMessageChannel,
  type OrderMessageState,
  orderMessageEventLabel,
} from '#shared/contracts/order-messages.ts';
import { Icon } from '#web/ui/icons.tsx';
import { InlineError } from '#web/ui/inline-error.tsx';
import { DetailCard } from '../ui/detail-layout.tsx';
import { formatDateTime } from '../ui/format.ts';
import { Badge } from '../ui/status-badge.tsx';
import { orderMessagesQuery, useRetryMessage } from './order-api.ts';

/** An envelope and a speech bubble on the 24 × 24 grid of #web/ui/icons.tsx. */
const CHANNEL_ICONS: Record<OrderMessageChannel, string> = {
  email: 'M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1M3.5 6.5 12 13l8.5-6.5',
  text: 'M5 4h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2h-7l-5 4v-4H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2',
};
const CHANNEL_LABELS: Record<OrderMessageChannel, string> = { email: 'Email', text: 'Text' };

/** The word is always shown, so the colour never carries the meaning alone. */
const STATE_BADGES: Record<OrderMessageState, { label: string; className: string }> = {
  sent: { label: 'Sent', className: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200' },
  retrying: { label: 'Retrying', className: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' },
  pending: { label: 'Waiting', className: 'bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200' },
};

const attemptsText = (count: number) => `${count} ${count === 1 ? 'attempt' : 'attempts'}`;

function When({ iso }: { iso: string | null }) {
  return iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : null;
}

/** What the state means for this message: when it went, when it is tried next, or why it failed. */
function StateDetail({ message }: { message: OrderMessage }) {
  switch (message.status) {
    case 'sent':
      return (
        <p>
          Sent <When iso={message.sent_at} />
        </p>
      );
    case 'pending':
      return (
        <p>
          Queued <When iso={message.created_at} />
        </p>
      );
    case 'retrying':
      return (
        <>
          <p>
            {attemptsText(message.attempts)} failed · next try <When iso={message.next_attempt_at} />
          </p>
          {message.last_error && <p className="break-words">Last failure: {message.last_error}</p>}
        </>
      );
    case 'failed':
      return (
        <>
          <p className="break-words text-red-800 dark:text-red-300">
            {message.last_error ?? 'The reason was not recorded.'}
          </p>
          <p>Gave up after {attemptsText(message.attempts)}.</p>
        </>
      );
  }
}

function MessageItem({ message, retry }: { message: OrderMessage; retry: ReturnType<typeof useRetryMessage> }) {
  const label = orderMessageEventLabel(message.event);
  const badge = STATE_BADGES[message.status];
  const retrying = retry.isPending && retry.variables === message.id;
  return (
    <li className="py-3 first:pt-0 last:pb-0">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-medium text-strong">{label}</p>
          <p className="mt-0.5 flex min-w-0 items-center gap-1.5 text-xs text-muted">
            <Icon d={CHANNEL_ICONS[message.channel]} className="size-4 shrink-0" />
            <span>{CHANNEL_LABELS[message.channel]}</span>
            <span aria-hidden="true">·</span>
            <span className="min-w-0 truncate">{message.recipient}</span>
          </p>
        </div>
        <Badge className={`shrink-0 ${badge.className}`}>{badge.label}</Badge>
      </div>
      <div className="mt-1 space-y-0.5 text-xs text-muted">
        <StateDetail message={message} />
      </div>
      {message.status === 'failed' && (
        <button
          type="button"
          className="btn-secondary mt-2 px-4 py-1.5"
          aria-label={`Retry ${label}`}
          disabled={retrying}
          onClick={() => retry.mutate(message.id)}
        >
          {retrying ? 'Retrying…' : 'Retry'}
        </button>
      )}
    </li>
  );
}

/**
 * The order's delivery log (docs/product.md#delivery-log): each message the shop queued for the
 * shopper, newest first, with where it stands; a failed one can be sent again.
 */
export function MessagesCard({ orderId }: { orderId: string }) {
  const messages = useQuery(orderMessagesQuery(orderId));
  const retry = useRetryMessage(orderId);
  return (
    <DetailCard title="Messages">
      {messages.isPending ? (
        <div role="status" aria-label="Loading the messages" className="h-16 animate-pulse rounded-lg bg-subtle" />
      ) : messages.isError ? (
        <InlineError title="Could not load the messages" onRetry={() => void messages.refetch()} />
      ) : messages.data.length === 0 ? (
        <p className="text-sm text-muted">No messages sent for this order yet.</p>
      ) : (
        <ul className="divide-y divide-line">
          {messages.data.map((message) => (
            <MessageItem key={message.id} message={message} retry={retry} />
          ))}
        </ul>
      )}
    </DetailCard>
  );
}
