/**
 * Messages the service worker posts to the page about catalogue answers (service-worker-config.ts
 * writes them as literals in the worker's code; a test checks they match).
 */
export const SW_MESSAGES = { servedFromCache: 'cedar:served-from-cache', networkOk: 'cedar:network-ok' } as const;
