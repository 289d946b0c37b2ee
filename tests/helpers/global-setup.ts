import { createTemplate, TEMPLATE_ENV } from './database-template.ts';

/** Vitest global setup for the server project: one migrated template database per run. */
export default async function setup(): Promise<() => Promise<void>> {
  const { info, dispose } = await createTemplate();
  process.env[TEMPLATE_ENV] = JSON.stringify(info);
  return dispose;
}
