import { z } from 'zod';
import { PhoneSchema } from './common.ts';
import { safeText } from './text.ts';

/**
 * The contact form (flag "contact form", docs/product.md#feature-flags): POST /contact stores the
 * message and emails the shop.
 */
export const CONTACT_MESSAGE_MAX = 5000;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() || undefined : value);

export const ContactRequestSchema = z
  .object({
    name: safeText({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .min(2, 'Name must be at least 2 characters')
      .max(100, 'Name must be at most 100 characters'),
    email: safeText({ error: 'Email is required' })
      .trim()
      .toLowerCase()
      .min(1, 'Email is required')
      .pipe(z.email('Enter a valid email address').max(254)),
    phone: z.preprocess(trimmed, PhoneSchema.optional()),
    subject: z.preprocess(trimmed, safeText().max(150, 'Subject must be at most 150 characters').optional()),
    message: safeText({ error: 'Message is required' })
      .trim()
      .min(1, 'Message is required')
      .min(10, 'Message must be at least 10 characters')
      .max(CONTACT_MESSAGE_MAX, `Message must be at most ${CONTACT_MESSAGE_MAX} characters`),
    /** A field people never see: bots fill it, and their message is dropped quietly. */
    website: safeText().max(200).optional(),
  })
  .strict();
export type ContactRequestInput = z.input<typeof ContactRequestSchema>;
export type ContactRequest = z.output<typeof ContactRequestSchema>;

export const ContactResponseSchema = z.object({ data: z.object({ received: z.literal(true) }) });
