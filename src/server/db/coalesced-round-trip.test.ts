import { describe, expect, it } from 'vitest';
import { coalescedRoundTrip } from './coalesced-round-trip.ts';

/** A round trip the test answers by hand, to see exactly who waits for which one. */
function manualRoundTrips() {
  const sent: { answer: () => void; fail: (error: Error) => void }[] = [];
  const roundTrip = () =>
    new Promise<void>((resolve, reject) => {
      sent.push({ answer: resolve, fail: reject });
    });
  return { sent, roundTrip };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

function track(promise: Promise<void>) {
  const state = { settled: false, error: undefined as unknown };
  promise.then(
    () => {
      state.settled = true;
    },
    (error: unknown) => {
      state.settled = true;
      state.error = error;
    },
  );
  return state;
}

describe('coalescedRoundTrip', () => {
  it('sends one round trip for a caller alone', async () => {
    const { sent, roundTrip } = manualRoundTrips();
    const sync = coalescedRoundTrip(roundTrip);
    const first = track(sync());
    expect(sent).toHaveLength(1);
    sent[0]?.answer();
    await tick();
    expect(first.settled).toBe(true);
  });

  it('never answers a caller with a round trip sent before it called; later callers share the next one', async () => {
    const { sent, roundTrip } = manualRoundTrips();
    const sync = coalescedRoundTrip(roundTrip);
    const early = track(sync());
    // These arrive while the first round trip is in flight (their writes may have committed after it was sent).
    const late = Array.from({ length: 50 }, () => track(sync()));
    expect(sent).toHaveLength(1); // one in flight at a time

    sent[0]?.answer();
    await tick();
    expect(early.settled).toBe(true);
    expect(late.some((state) => state.settled)).toBe(false);
    expect(sent).toHaveLength(2); // sent only once the first returned, for all fifty

    const later = track(sync()); // arrives while the second is in flight: waits for a third
    sent[1]?.answer();
    await tick();
    expect(late.every((state) => state.settled && state.error === undefined)).toBe(true);
    expect(later.settled).toBe(false);
    expect(sent).toHaveLength(3);
    sent[2]?.answer();
    await tick();
    expect(later.settled).toBe(true);
    expect(sent).toHaveLength(3);
  });

  it('passes a failure to the callers of that round trip only, and keeps serving', async () => {
    const { sent, roundTrip } = manualRoundTrips();
    const sync = coalescedRoundTrip(roundTrip);
    const a = track(sync());
    const b = track(sync());
    sent[0]?.fail(new Error('connection lost'));
    await tick();
    expect(a.error).toEqual(new Error('connection lost'));
    expect(b.settled).toBe(false);
    sent[1]?.answer();
    await tick();
    expect(b).toEqual({ settled: true, error: undefined });
  });
});
