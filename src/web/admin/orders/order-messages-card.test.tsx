import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderMessage } from '#shared/contracts/order-messages.ts';
import { adminTestSetup, click } from '#web/test/admin.tsx';
import { allByRole, byRole } from '#web/test/queries.ts';
import { advanceFakeTime, waitFor } from '#web/test/render.tsx';
import { MESSAGES_REFRESH_MS } from './order-api.ts';
import { adminOrder, type Call, errorBody, json, ORDER_ID, orderDetailScreen, stubApi } from './test-fixtures.ts';

const PATH = `/api/admin/orders/${ORDER_ID}`;
const { toasts, mount: mountScreen } = adminTestSetup();

afterEach(() => {
  vi.useRealTimers();
});

function message(extra: Partial<OrderMessage>): OrderMessage {
  return {
    id: '00000000-0000-4000-8000-0000000000e1',
    event: 'order.confirmed',
    channel: 'email',
    recipient: 'r…@example.com',
    subject: 'Your Cedar Shop order CS-10042 is confirmed',
    status: 'sent',
    attempts: 1,
    last_error: null,
    next_attempt_at: null,
    sent_at: '2026-11-20T10:05:00.000Z',
    created_at: '2026-11-20T10:04:00.000Z',
    ...extra,
  };
}

const SENT = message({});
const FAILED = message({
  id: '00000000-0000-4000-8000-0000000000e2',
  event: 'order.shipped',
  status: 'failed',
  attempts: 8,
  last_error: 'Could not reach smtp.example.com:587 (connection refused)',
  sent_at: null,
  created_at: '2026-11-21T09:00:00.000Z',
});
const RETRYING = message({
  id: '00000000-0000-4000-8000-0000000000e3',
  event: 'order.delivered',
  channel: 'text',
  recipient: '+961…56',
  status: 'retrying',
  attempts: 2,
  last_error: 'The provider refused the message (HTTP 503)',
  next_attempt_at: '2026-11-22T09:02:00.000Z',
  sent_at: null,
  created_at: '2026-11-22T09:00:00.000Z',
});
const WAITING = message({
  id: '00000000-0000-4000-8000-0000000000e4',
  event: 'order.refunded',
  status: 'pending',
  attempts: 0,
  next_attempt_at: '2026-11-23T09:00:00.000Z',
  sent_at: null,
  created_at: '2026-11-23T09:00:00.000Z',
});

/** The order, and its messages as the server lists them (newest first); `retry` answers the POST. */
function serve(messages: () => OrderMessage[], retry?: (call: Call) => Response) {
  return stubApi({
    [`GET ${PATH}`]: () => json({ data: adminOrder() }),
    [`GET ${PATH}/messages`]: () => json({ data: messages() }),
    [`POST ${PATH}/messages/${FAILED.id}/retry`]: (call) => retry?.(call) ?? errorBody('Not found', 404),
  });
}

async function mount() {
  const root = await mountScreen(...orderDetailScreen());
  await waitFor(() => expect(byRole(root, 'heading', 'Messages')).toBeDefined());
  return root;
}

/** The Messages card (its section is labelled by its heading). */
const card = (root: ParentNode) => {
  const section = byRole(root, 'heading', 'Messages')?.closest('section');
  if (!section) throw new Error('no Messages card');
  return section;
};
const items = (root: ParentNode) => [...card(root).querySelectorAll('li')].map((li) => li.textContent ?? '');

describe('the order screen’s Messages card (docs/product.md#delivery-log)', () => {
  it('lists each message in words: channel, masked recipient and where it stands; Retry only on a failed one', async () => {
    serve(() => [WAITING, RETRYING, FAILED, SENT]);
    const root = await mount();
    await waitFor(() => expect(items(root)).toHaveLength(4));
    const [waiting, retrying, failed, sent] = items(root);
    expect(waiting).toMatch(/^Money refunded.*Email·r…@example\.com.*Waiting.*Queued /);
    expect(retrying).toMatch(/^Order delivered.*Text·\+961…56.*Retrying/);
    expect(retrying).toContain('2 attempts failed · next try ');
    expect(retrying).toContain('The provider refused the message (HTTP 503)');
    expect(failed).toMatch(/^Order shipped.*Failed/);
    expect(failed).toContain('Could not reach smtp.example.com:587 (connection refused)');
    expect(failed).toContain('Gave up after 8 attempts.');
    expect(sent).toMatch(/^Order confirmed.*Sent.*Sent Nov 20, 2026/);
    // The times are the server's, shown in the shop's zone.
    expect(card(root).querySelector(`time[datetime="${SENT.sent_at}"]`)).not.toBeNull();
    expect(allByRole(card(root), 'button', /^Retry/).map((button) => button.getAttribute('aria-label'))).toEqual([
      'Retry Order shipped',
    ]);
    // Never a full address: the server masks, the screen shows what it got.
    expect(card(root).textContent).not.toContain('rami@example.com');
  });

  it('Retry queues the failed message again, says so, and reads the log again', async () => {
    let current = [FAILED, SENT];
    const calls = serve(
      () => current,
      () => {
        current = [{ ...FAILED, status: 'retrying', next_attempt_at: '2026-11-21T10:00:00.000Z' }, SENT];
        return json({ data: current[0] });
      },
    );
    const root = await mount();
    await waitFor(() => expect(items(root)).toHaveLength(2));
    const reads = () => calls.filter((call) => call.method === 'GET' && call.url.endsWith('/messages')).length;
    const readsBefore = reads();
    await click(byRole(card(root), 'button', 'Retry Order shipped'));
    await waitFor(() => expect(toasts).toContainEqual(expect.objectContaining({ title: 'Message queued again' })));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      `${PATH}/messages/${FAILED.id}/retry`,
    ]);
    await waitFor(() => expect(items(root)[0]).toMatch(/Retrying/));
    expect(reads()).toBeGreaterThan(readsBefore);
    expect(byRole(card(root), 'button', /^Retry/)).toBeUndefined();
  });

  it('a refused retry shows the server’s words', async () => {
    serve(
      () => [FAILED],
      () => errorBody('This message was already sent: only a failed message can be sent again', 409, 'CONFLICT'),
    );
    const root = await mount();
    await waitFor(() => expect(items(root)).toHaveLength(1));
    await click(byRole(card(root), 'button', 'Retry Order shipped'));
    await waitFor(() =>
      expect(toasts).toContainEqual({
        variant: 'error',
        title: 'This message was already sent: only a failed message can be sent again',
      }),
    );
  });

  it('says when there are no messages yet', async () => {
    serve(() => []);
    const root = await mount();
    await waitFor(() => expect(card(root).textContent).toContain('No messages sent for this order yet.'));
    expect(card(root).querySelector('li')).toBeNull();
  });

  it('looks again every 10 seconds while a message is on its way, and stops once all are settled', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    let current = [WAITING];
    const calls = serve(() => current);
    const root = await mount();
    await waitFor(() => expect(items(root)).toHaveLength(1));
    const reads = () => calls.filter((call) => call.url.endsWith('/messages')).length;
    const first = reads();
    current = [{ ...WAITING, status: 'sent', attempts: 1, sent_at: '2026-11-23T09:00:05.000Z' }];
    await advanceFakeTime(MESSAGES_REFRESH_MS);
    await waitFor(() => expect(items(root)[0]).toMatch(/Sent Nov 23, 2026/));
    expect(reads()).toBe(first + 1);
    await advanceFakeTime(MESSAGES_REFRESH_MS * 3);
    expect(reads()).toBe(first + 1);
  });
});
