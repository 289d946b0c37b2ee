import { randomUUID } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { composeAlternativeMessage, composePlainMessage } from '#server/mail/mailer.ts';
import { previewOrderMail, sampleOrder } from '#server/orders/order-mail-preview.ts';
import { buildOrderMail, orderMailSettingsOf } from '#server/orders/order-mail-view.ts';
import { BUILT_IN_SETTINGS } from '#server/settings/settings-defaults.ts';
import { ORDER_MAIL_EVENTS } from '#shared/order-mail-strings.ts';

/**
 * `npm run bench:mail-cost` (decision 032): what one order mail costs the thread that makes it,
 * in process, one after another: the templates' one-time compile, then per mail the view and
 * both parts (`buildOrderMail`), and writing it as an outbox message by hand
 * (`composeAlternativeMessage`) against nodemailer's MailComposer. CPU time of this process per
 * call (process.cpuUsage: user + system), median and p90 of MAIL_COST_COUNT rounds (default
 * 2,000) after 500 to warm up. No files are written: the outbox's file creation is measured in
 * docs/engineering.md ("Where an order's time goes").
 */
const COUNT = Number(process.env.MAIL_COST_COUNT ?? 2_000);
const WARM_UP = 500;

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const wallMs = () => performance.now();

/** Median and p90 (ms) of `count` calls of `work`, timed one by one. */
function measure(work: () => unknown, count = COUNT): { cpu: number[]; wall: number[] } {
  for (let i = 0; i < WARM_UP; i++) work();
  const cpu: number[] = [];
  const wall: number[] = [];
  // Batches of 20: process.cpuUsage has microsecond resolution, a mail takes tens of them.
  const batch = 20;
  for (let i = 0; i < count / batch; i++) {
    const c = cpuMs();
    const w = wallMs();
    for (let j = 0; j < batch; j++) work();
    cpu.push((cpuMs() - c) / batch);
    wall.push((wallMs() - w) / batch);
  }
  return { cpu, wall };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
const format = (ms: number) => `${(ms * 1000).toFixed(1)} µs`;
const report = (label: string, { cpu, wall }: { cpu: number[]; wall: number[] }) =>
  console.log(
    `${label.padEnd(44)} CPU median ${format(quantile(cpu, 0.5)).padStart(9)}  p90 ${format(quantile(cpu, 0.9)).padStart(9)}   wall median ${format(quantile(wall, 0.5)).padStart(9)}`,
  );

const values = { ...BUILT_IN_SETTINGS, site: { ...BUILT_IN_SETTINGS.site, logo_url: '/uploads/logo.webp' } };
const settings = orderMailSettingsOf(values, 'https://shop.example', 'USD');
const order = sampleOrder(values);

// The process's first mail instantiates both precompiled templates and runs their code for the first time.
const compileStart = wallMs();
const compileCpu = cpuMs();
buildOrderMail('order_placed', order, settings);
console.log(
  `the process's first mail (instantiates the templates): wall ${(wallMs() - compileStart).toFixed(1)} ms, CPU ${(cpuMs() - compileCpu).toFixed(1)} ms`,
);

for (const event of ['order_placed', 'shipped', 'refunded'] as const) {
  report(
    `buildOrderMail('${event}')`,
    measure(() => previewOrderMail(event, values, { linkBase: 'https://shop.example', currency: 'USD' })),
  );
}
report(
  'buildOrderMail, every event in turn',
  measure(() => {
    for (const event of ORDER_MAIL_EVENTS) buildOrderMail(event, order, settings);
  }, COUNT / 4),
);
const mail = {
  from: 'Cedar Shop <hello@cedar.shop>',
  to: 'rami@example.com',
  ...buildOrderMail('order_placed', order, settings),
};
console.log(`one receipt: text ${mail.text.length} characters, HTML ${mail.html.length} characters`);
report(
  'composeAlternativeMessage (outbox, by hand)',
  measure(() => composeAlternativeMessage(mail, `<${randomUUID()}@cedar.shop>`, randomUUID())),
);
report(
  'composePlainMessage (text only, for scale)',
  measure(() => composePlainMessage(mail, `<${randomUUID()}@cedar.shop>`)),
);
// MailComposer builds a stream: its cost is the compile plus reading the stream to its end.
const composed: { cpu: number[]; wall: number[] } = { cpu: [], wall: [] };
for (let i = 0; i < 300; i++) {
  const c = cpuMs();
  const w = wallMs();
  await new MailComposer({ ...mail, messageId: `<${randomUUID()}@cedar.shop>` }).compile().build();
  if (i >= 100) {
    composed.cpu.push(cpuMs() - c);
    composed.wall.push(wallMs() - w);
  }
}
report('nodemailer MailComposer (compile + build)', composed);
