import { isbot } from 'isbot';

/**
 * Whether a user agent is a robot (search engines, link previews, monitors, scripts), so its reads
 * are not counted as views. The list of robot agents is the `isbot` package's, which is kept up
 * to date as new crawlers appear. A request with no user agent at all counts as a robot.
 */
export function isBotAgent(userAgent: string | undefined): boolean {
  if (!userAgent || userAgent.trim() === '') return true;
  return isbot(userAgent);
}
