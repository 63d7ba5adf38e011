/**
 * The chrome's wording for content kinds whose load carries no settings the view keeps (dashboards, tiles, Q&A,
 * paginated reports): the embed URL's `language`, which the SDK adds from the load's `localeSettings.language`.
 */
import type { ChromeMessages } from '../model/chrome-messages.ts';
import { chromeMessages } from '../model/chrome-messages.ts';
import { frameLanguage } from '../model/messages.ts';
import type { ValueFormatter } from '../render/value-format.ts';
import { valueFormatter } from '../render/value-format.ts';

export function urlChromeMessages(): ChromeMessages {
  return chromeMessages(frameLanguage(undefined, window.location.search));
}

/**
 * The value formatter of the frame's language (`render/value-format.ts`): the load's `localeSettings.language`,
 * else the embed URL's `language` — the one locale every number, date and month name of the frame is written in.
 */
export function frameFormatter(settings?: { localeSettings?: { language?: string } }): ValueFormatter {
  return valueFormatter(frameLanguage(settings, window.location.search));
}
