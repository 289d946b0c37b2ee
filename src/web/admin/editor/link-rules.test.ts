import { describe, expect, it } from 'vitest';
import { checkLinkHref, isExternalHref, LINK_MESSAGES } from './link-rules.ts';

const ORIGIN = 'https://shop.example';

describe('checkLinkHref', () => {
  it.each([
    ['https://docs.arduino.cc/', 'https://docs.arduino.cc/'],
    ['  http://example.com/a?b=1#c ', 'http://example.com/a?b=1#c'],
    ['mailto:shop@example.com', 'mailto:shop@example.com'],
    ['TEL:+9611234567', 'TEL:+9611234567'],
    ['/product/arduino-uno-r4', '/product/arduino-uno-r4'],
    ['#section-wiring', '#section-wiring'],
    ['www.example.com/page', 'https://www.example.com/page'],
    [`${ORIGIN}/product/pi-5?x=1#specs`, '/product/pi-5?x=1#specs'],
  ])('accepts %s as %s', (input, href) => {
    expect(checkLinkHref(input, ORIGIN)).toEqual({ ok: true, href });
  });

  it.each([
    ['javascript:alert(1)', LINK_MESSAGES.scheme],
    ['JaVaScRiPt:alert(1)', LINK_MESSAGES.scheme],
    ['data:text/html,<b>x</b>', LINK_MESSAGES.scheme],
    ['vbscript:msgbox', LINK_MESSAGES.scheme],
    ['ftp://example.com', LINK_MESSAGES.scheme],
    ['mailto:', LINK_MESSAGES.scheme],
    ['product/uno', LINK_MESSAGES.scheme],
    ['//evil.example/x', LINK_MESSAGES.otherSite],
    ['/\\evil.example', LINK_MESSAGES.otherSite],
    ['java script:alert(1)', LINK_MESSAGES.spaces],
    ['   ', LINK_MESSAGES.empty],
  ])('refuses %s', (input, message) => {
    expect(checkLinkHref(input, ORIGIN)).toEqual({ ok: false, message });
  });

  it('tells other sites from shop links as the server does', () => {
    expect(isExternalHref('https://x.example')).toBe(true);
    expect(isExternalHref('HTTP://x.example')).toBe(true);
    expect(isExternalHref('/product/x')).toBe(false);
    expect(isExternalHref('mailto:a@b.c')).toBe(false);
  });
});
