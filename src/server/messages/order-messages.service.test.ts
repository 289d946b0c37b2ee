import { describe, expect, it } from 'vitest';
import { orderMessageEventLabel } from '#shared/contracts/order-messages.ts';
import { maskEmail, maskRecipient, messageState } from './order-messages.service.ts';

describe('the delivery log shows recipients masked (docs/product.md#delivery-log)', () => {
  it('keeps the first letter and the domain of an email', () => {
    expect(maskEmail('samir.haddad@example.com')).toBe('s…@example.com');
    expect(maskEmail('a@b.co')).toBe('a…@b.co');
    expect(maskEmail('not-an-address')).toBe('…');
    expect(maskEmail('@example.com')).toBe('…');
  });

  it('masks a text recipient as the logs mask a phone: country code and last two digits', () => {
    expect(maskRecipient('text', '+96171923456')).toBe('+961…56');
    expect(maskRecipient('email', 'rami@example.com')).toBe('r…@example.com');
    expect(maskRecipient('text', '+9615')).toBe('…');
  });
});

describe('message states', () => {
  it('a pending message that failed an attempt is retrying', () => {
    expect(messageState({ status: 'pending', attempts: 0 })).toBe('pending');
    expect(messageState({ status: 'pending', attempts: 3 })).toBe('retrying');
    expect(messageState({ status: 'failed', attempts: 8 })).toBe('failed');
    expect(messageState({ status: 'sent', attempts: 1 })).toBe('sent');
  });

  it('words each event, and an unknown one by its name', () => {
    expect(orderMessageEventLabel('order.shipped')).toBe('Order shipped');
    expect(orderMessageEventLabel('order.refunded')).toBe('Money refunded');
    expect(orderMessageEventLabel('order.ready_for_pickup')).toBe('Order ready for pickup');
    expect(orderMessageEventLabel('')).toBe('Message');
  });
});
