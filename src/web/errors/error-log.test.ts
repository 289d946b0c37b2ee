import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type ErrorLog = typeof import('./error-log.ts');

/** A fresh copy of the module, as after a page load: it reads the stored log again. */
async function freshLog(): Promise<ErrorLog> {
  vi.resetModules();
  return import('./error-log.ts');
}

const entry = (message: string) =>
  ({ level: 'error', category: 'default', severity: 'medium', source: 'manual', name: 'Error', message }) as const;

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('error log', () => {
  it('records entries with time and path, oldest first', async () => {
    const log = await freshLog();
    window.history.replaceState({}, '', '/store?q=private+search');
    const recorded = log.recordError(entry('first'));
    log.recordError(entry('second'));
    expect(log.readErrorLog().map((item) => item.message)).toEqual(['first', 'second']);
    expect(recorded.path).toBe('/store'); // never the query string
    expect(Number.isNaN(Date.parse(recorded.time))).toBe(false);
  });

  it('keeps only the last 100 entries', async () => {
    const log = await freshLog();
    for (let index = 0; index < 130; index += 1) log.recordError(entry(`error ${index}`));
    const entries = log.readErrorLog();
    expect(entries).toHaveLength(100);
    expect(entries[0]?.message).toBe('error 30');
    expect(entries.at(-1)?.message).toBe('error 129');
    expect(JSON.parse(sessionStorage.getItem(log.ERROR_LOG_KEY) ?? '[]')).toHaveLength(100);
  });

  it('survives a reload (sessionStorage), and stays on this device only (nothing else is written)', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const sendBeacon = vi.fn();
    Object.defineProperty(navigator, 'sendBeacon', { value: sendBeacon, configurable: true });
    (await freshLog()).recordError(entry('before reload'));
    const after = await freshLog();
    expect(after.readErrorLog().map((item) => item.message)).toEqual(['before reload']);
    expect(localStorage.length).toBe(0);
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(sendBeacon).not.toHaveBeenCalled();
  });

  it('starts empty from corrupt storage and then repairs it', async () => {
    for (const stored of ['{not json', '{"an":"object"}', '42', 'null']) {
      sessionStorage.setItem('cedar-error-log', stored);
      const log = await freshLog();
      expect(log.readErrorLog(), stored).toEqual([]);
      log.recordError(entry('after corruption'));
      expect(JSON.parse(sessionStorage.getItem('cedar-error-log') ?? '')).toHaveLength(1);
    }
  });

  it('drops stored items that are not log entries', async () => {
    const valid = { ...entry('kept'), time: new Date().toISOString(), path: '/' };
    sessionStorage.setItem('cedar-error-log', JSON.stringify([null, 'text', { message: 1 }, valid]));
    const log = await freshLog();
    expect(log.readErrorLog()).toEqual([valid]);
  });

  it('works in memory when storage is full or disabled', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    const log = await freshLog();
    expect(log.readErrorLog()).toEqual([]);
    log.recordError(entry('in memory'));
    expect(log.readErrorLog().map((item) => item.message)).toEqual(['in memory']);
  });

  it('can be cleared', async () => {
    const log = await freshLog();
    log.recordError(entry('gone'));
    log.clearErrorLog();
    expect(log.readErrorLog()).toEqual([]);
    expect(sessionStorage.getItem(log.ERROR_LOG_KEY)).toBeNull();
  });
});
