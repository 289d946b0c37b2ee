/**
 * Whether a user agent is a robot (search engines, link previews, monitors, scripts), so its reads
 * are not counted as views. A short pattern of the words such agents carry rather than a dependency:
 * a missed bot only adds one view per day per post, and a real browser never carries these words.
 * A request with no user agent at all counts as a robot. (Cubot phones say "CUBOT": not a robot.)
 */
const BOT_PATTERN =
  /(?<!cu)bot\b|bot\/|crawl|spider|slurp|mediapartners|facebookexternalhit|facebookcatalog|embedly|quora link preview|whatsapp|skypeuripreview|bitlybot|outbrain|vkshare|w3c_validator|headlesschrome|phantomjs|lighthouse|pagespeed|pingdom|uptime|monitor|curl\/|wget\/|python-requests|python-urllib|aiohttp|httpx|go-http-client|java\/|okhttp|axios\/|node-fetch|undici|libwww|scrapy|feedfetcher|feedburner|rss|preview/i;

export function isBotAgent(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.trim() === '') return true;
  return BOT_PATTERN.test(userAgent);
}
