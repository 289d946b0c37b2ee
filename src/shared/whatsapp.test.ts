import { describe, expect, it } from 'vitest';
import { orderSummaryText, productQuestionText, whatsappLink } from './whatsapp.ts';

describe('whatsappLink', () => {
  it('dials the digits of the number and carries the text', () => {
    expect(whatsappLink('+961 70 123 456', 'Hi & bye')).toBe('https://wa.me/96170123456?text=Hi%20%26%20bye');
    expect(whatsappLink('00961 3 123 456', 'x')).toBe('https://wa.me/9613123456?text=x');
  });

  it('gives nothing for a number without enough digits', () => {
    expect(whatsappLink('+961 70-123 456')).toBe('https://wa.me/96170123456');
    expect(whatsappLink('', 'x')).toBeNull();
    expect(whatsappLink('call us', 'x')).toBeNull();
  });
});

describe('orderSummaryText', () => {
  it('lists the order number, the lines with their options, the total and the delivery', () => {
    const text = orderSummaryText({
      order_number: 'CS-000042',
      items: [
        { name: 'Arduino Uno R3', quantity: 2, line_total: 55 },
        { name: 'Nano V3', quantity: 1, line_total: 6.5, selectedVariations: { Headers: 'Soldered' } },
      ],
      total: 67.27,
      customer: { name: 'Rania', phone: '+9613123456' },
      shipping_address: { city: 'Beirut', street: 'Hamra Street', building: 'Cedar Bldg', floor: '3' },
    });
    expect(text).toBe(
      [
        'Hello! I just placed order CS-000042.',
        '• 2 × Arduino Uno R3: $55.00',
        '• 1 × Nano V3 (Headers: Soldered): $6.50',
        'Total: $67.27 (cash on delivery)',
        'Name: Rania',
        'Phone: +9613123456',
        'Deliver to: Hamra Street, building Cedar Bldg, floor 3, Beirut',
      ].join('\n'),
    );
  });
});

describe('productQuestionText', () => {
  it('names the product and carries its link', () => {
    expect(productQuestionText({ name: 'Arduino Uno R3', url: 'https://shop.example/product/arduino-uno-r3' })).toBe(
      'Hello! I have a question about Arduino Uno R3: https://shop.example/product/arduino-uno-r3',
    );
  });

  it('adds the chosen option after the name', () => {
    expect(productQuestionText({ name: 'Nano V3', url: 'https://s.example/product/nano', option: 'Soldered' })).toBe(
      'Hello! I have a question about Nano V3 (Soldered): https://s.example/product/nano',
    );
  });

  it('survives the trip through a wa.me link', () => {
    const link = whatsappLink(
      '+961 70 123 456',
      productQuestionText({ name: 'A & B', url: 'https://s.example/p/a?x=1' }),
    );
    expect(new URL(link ?? '').searchParams.get('text')).toBe(
      'Hello! I have a question about A & B: https://s.example/p/a?x=1',
    );
  });
});
