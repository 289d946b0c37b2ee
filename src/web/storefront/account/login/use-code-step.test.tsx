import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '#web/lib/api-client.ts';
import { type Rendered, render } from '#web/test/render.tsx';
import { type CodeStep, RESEND_AFTER_MS, useCodeStep, waitLabel } from './use-code-step.ts';

/** The shared code step's clock on a fake timer (setInterval and Date): no real waiting. */

let step: CodeStep<string>;
let sent: string[] = [];
let refuse: ApiError | null = null;
let view: Rendered | undefined;

function Probe() {
  step = useCodeStep(async (to: string) => {
    sent.push(to);
    if (refuse) throw refuse;
  });
  return null;
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  sent = [];
  refuse = null;
  view = await render(<Probe />);
});

afterEach(() => {
  view?.unmount();
  vi.useRealTimers();
});

const tick = (ms: number) => act(async () => vi.advanceTimersByTime(ms));

describe('useCodeStep', () => {
  it('sends once per click, then opens "Send again" 60 s later, to the same contact', async () => {
    expect(step.sent).toBe(false);
    await act(async () => {
      void step.send('+96171234567');
      void step.send('+96171234567');
    });
    expect(sent).toEqual(['+96171234567']);
    expect(step.sent).toBe(true);
    expect(step.target).toBe('+96171234567');
    expect(step.secondsLeft).toBe(RESEND_AFTER_MS / 1000);
    expect(step.canResend).toBe(false);

    await tick(59_000);
    expect(step.secondsLeft).toBe(1);
    expect(step.canResend).toBe(false);
    await tick(1_000);
    expect(step.secondsLeft).toBe(0);
    expect(step.canResend).toBe(true);

    await act(async () => {
      await step.resend();
    });
    expect(sent).toEqual(['+96171234567', '+96171234567']);
    expect(step.secondsLeft).toBe(60);
  });

  it('a code sent by another call starts the clock without sending; a refused send says why', async () => {
    await act(async () => step.markSent('rima@example.com'));
    expect(sent).toEqual([]);
    expect(step.canResend).toBe(false);
    await tick(60_000);
    refuse = new ApiError('Too many codes requested. Please wait before asking for another.', 429, 'RATE_LIMITED');
    await act(async () => {
      expect(await step.resend()).toBe(false);
    });
    expect(step.error).toBe('Too many codes requested. Please wait before asking for another.');
    // Nothing went: "Send again" stays open.
    expect(step.canResend).toBe(true);
    await act(async () => step.reset());
    expect(step.sent).toBe(false);
    expect(step.target).toBeNull();
  });

  it('shows the wait as m:ss', () => {
    expect(waitLabel(60)).toBe('1:00');
    expect(waitLabel(9)).toBe('0:09');
  });
});
