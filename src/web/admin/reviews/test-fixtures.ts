import type { Notification } from '#shared/contracts/notifications.ts';
import type { AdminReview, ReviewStats } from '#shared/contracts/reviews.ts';

/** Reviews as the admin API answers them, for the review screens' tests. */
export const ARDUINO_ID = '30000000-0000-4000-8000-000000000001';
export const PICO_ID = '30000000-0000-4000-8000-000000000002';

export const GREAT: AdminReview = {
  id: '40000000-0000-4000-8000-000000000001',
  product_id: ARDUINO_ID,
  product_name: 'Arduino Uno R3',
  product_image: null,
  user_id: 'u-rana',
  user_name: 'Rana Haddad',
  user_email: 'rana@example.com',
  rating: 5,
  title: 'Great first board',
  comment: 'Worked out of the box.\nThe pins are clearly labelled.',
  pros: ['Easy to start', 'Cheap'],
  cons: ['USB-B cable'],
  verified_purchase: true,
  helpful_count: 3,
  not_helpful_count: 1,
  status: 'approved',
  shop_reply: { text: 'Thank you, Rana!', by: 'Owner', at: '2026-03-03T09:00:00.000Z' },
  held_reason: null,
  moderated_at: '2026-03-02T12:00:00.000Z',
  created_at: '2026-03-02T10:00:00.000Z',
  updated_at: '2026-03-02T10:00:00.000Z',
};

export const HELD: AdminReview = {
  ...GREAT,
  id: '40000000-0000-4000-8000-000000000002',
  product_id: PICO_ID,
  product_name: 'Raspberry Pi Pico W',
  user_id: 'u-sami',
  user_name: 'Sami',
  user_email: null,
  rating: 2,
  title: '',
  comment: 'Arrived with a bent pin.',
  pros: [],
  cons: [],
  verified_purchase: false,
  helpful_count: 0,
  not_helpful_count: 0,
  status: 'pending',
  shop_reply: null,
  held_reason: 'banned_words',
  moderated_at: null,
  created_at: '2026-03-04T10:00:00.000Z',
  updated_at: '2026-03-04T10:00:00.000Z',
};

export const STATS: ReviewStats = { pending: 1, approved: 1, rejected: 0, hidden: 0, total: 2 };

/** The bell's copy of a review waiting for moderation. */
export function newReviewNotification(extra: Partial<Notification> = {}): Notification {
  return {
    id: '00000000-0000-4000-8000-000000000009',
    type: 'new_review',
    is_read: false,
    order_id: null,
    review_id: HELD.id,
    security_alert_id: null,
    orderNumber: null,
    totalAmount: null,
    status: null,
    title: 'New review',
    message: 'Sami reviewed Raspberry Pi Pico W',
    created_at: new Date().toISOString(),
    ...extra,
  };
}
