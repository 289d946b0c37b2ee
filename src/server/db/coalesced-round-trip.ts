/**
 * Shares one round trip among the callers that arrive while another is under way, without ever
 * handing a caller a round trip that was sent before it called.
 *
 * Used for `Subscription.sync()` on PostgreSQL (client.ts): its promise is "every notification of
 * a transaction committed before you called has been delivered", which holds only for a
 * `select 1` SENT after the call (the server sends pending notifications before it answers). So a
 * caller never joins the round trip in flight (its write may have committed after that one was
 * sent); it joins the next one, which starts as soon as the one in flight returns, together with
 * everyone else who arrived meanwhile. At most one round trip is in flight at a time (pg 9 will
 * refuse a query on a client that is still executing one), and however many callers arrive, it
 * costs at most two round trips' time to be answered.
 */
export function coalescedRoundTrip(roundTrip: () => Promise<void>): () => Promise<void> {
  interface Waiter {
    resolve: () => void;
    reject: (error: unknown) => void;
  }
  let inFlight = false;
  /** Callers waiting for a round trip that has not been sent yet. */
  let waiting: Waiter[] = [];

  const send = (): void => {
    const batch = waiting;
    waiting = [];
    inFlight = true;
    const settle = (error?: { value: unknown }) => {
      inFlight = false;
      // Those who arrived during this round trip get their own, sent now.
      if (waiting.length > 0) send();
      for (const waiter of batch) {
        if (error) waiter.reject(error.value);
        else waiter.resolve();
      }
    };
    roundTrip().then(
      () => settle(),
      (value: unknown) => settle({ value }),
    );
  };

  return () =>
    new Promise<void>((resolve, reject) => {
      waiting.push({ resolve, reject });
      if (!inFlight) send();
    });
}
