/**
 * The chrome's wording for content kinds whose load carries no settings the view keeps (dashboards, tiles, Q&A,
 * paginated reports): the embed URL's `language`, which the SDK adds from the load's `localeSettings.language`.
 */
import type { ChromeMessages } from '../model/chrome-messages.ts';
import { chromeMessages } from '../model/chrome-messages.ts';
import { frameLanguage } from '../model/messages.ts';

export function urlChromeMessages(): ChromeMessages {
  return chromeMessages(frameLanguage(undefined, window.location.search));
}
