import { describe, expect, it } from 'vitest';
import { isBotAgent } from './bot-agents.ts';

describe('isBotAgent', () => {
  it('knows crawlers, link previews, monitors and scripts', () => {
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      'Twitterbot/1.0',
      'WhatsApp/2.23.20.0',
      'TelegramBot (like TwitterBot)',
      'Mozilla/5.0 (compatible; YandexBot/3.0)',
      'Mozilla/5.0 HeadlessChrome/120.0.0.0 Safari/537.36',
      'curl/8.5.0',
      'python-requests/2.31.0',
      'Go-http-client/1.1',
      'node-fetch/1.0',
      'UptimeRobot/2.0',
      '',
      '   ',
      undefined,
    ]) {
      expect(isBotAgent(agent), String(agent)).toBe(true);
    }
  });

  it('lets browsers through, phones included', () => {
    for (const agent of [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
      'Mozilla/5.0 (Linux; Android 12; CUBOT X50) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36',
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36',
    ]) {
      expect(isBotAgent(agent), agent).toBe(false);
    }
  });
});
