import { LANGUAGE_CODES, toSupportedLanguage } from '../../lib/languages';
import type { LanguageCode } from '../../lib/languages';

/** What GET /api/configuration/clientConfiguration answers (spec §3, §7). */
export interface ClientConfiguration {
  clientId: string;
  authority: string;
  apiScope: string;
  is64Bit: boolean;
  includeReports: boolean;
  clientLanguage: string;
  showWelcomeMessage: boolean;
  /** The welcome paragraphs of every language without its own. */
  welcomeMessage: string[];
  /** The welcome paragraphs of each language that has its own (not in spec §3: the server adds it beside). */
  welcomeMessages: Partial<Record<LanguageCode, string[]>>;
  version: string;
  schema: string;
  maximumIdleTimeoutForLockoutInSeconds: number;
  maximumIdleTimeoutForTerminationInSeconds: number;
  enableEmbeddedPowerBi: boolean;
  vendorName: string;
  vendorUrl: string;
}

/** The spec's defaults; the server normally sends every field. */
export const defaultClientConfiguration: ClientConfiguration = {
  clientId: '',
  authority: '',
  apiScope: '',
  is64Bit: true,
  includeReports: false,
  clientLanguage: 'en',
  showWelcomeMessage: false,
  welcomeMessage: [],
  welcomeMessages: {},
  version: '{ip}',
  schema: '0',
  maximumIdleTimeoutForLockoutInSeconds: 900,
  maximumIdleTimeoutForTerminationInSeconds: 1800,
  enableEmbeddedPowerBi: false,
  vendorName: '',
  vendorUrl: '',
};

type Field<T> = (value: unknown) => T | undefined;
const text: Field<string> = (v) => (typeof v === 'string' ? v : undefined);
const flag: Field<boolean> = (v) => (typeof v === 'boolean' ? v : undefined);
const seconds: Field<number> = (v) => (typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : undefined);
const paragraphs: Field<string[]> = (v) =>
  Array.isArray(v) && v.every((p) => typeof p === 'string') ? (v as string[]) : undefined;
/** Only the supported languages' lists of paragraphs; anything else is dropped. */
const paragraphsByLanguage: Field<Partial<Record<LanguageCode, string[]>>> = (v) => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  const source = v as Record<string, unknown>;
  return Object.fromEntries(
    LANGUAGE_CODES.flatMap((language) => {
      const list = Object.hasOwn(source, language) ? paragraphs(source[language]) : undefined;
      return list === undefined ? [] : [[language, list]];
    }),
  );
};
// The server may send numbers for version and schema; the UI shows them as text.
const label: Field<string> = (v) => (typeof v === 'number' ? String(v) : text(v));

const fields: { [K in keyof ClientConfiguration]: Field<ClientConfiguration[K]> } = {
  clientId: text,
  authority: text,
  apiScope: text,
  is64Bit: flag,
  includeReports: flag,
  clientLanguage: text,
  showWelcomeMessage: flag,
  welcomeMessage: paragraphs,
  welcomeMessages: paragraphsByLanguage,
  version: label,
  schema: label,
  maximumIdleTimeoutForLockoutInSeconds: seconds,
  maximumIdleTimeoutForTerminationInSeconds: seconds,
  enableEmbeddedPowerBi: flag,
  vendorName: text,
  vendorUrl: text,
};

/**
 * Reads the server's answer field by field: a missing or mistyped field keeps its default,
 * unknown fields are dropped. `parseClientConfiguration({ includeReports: true }).version` → '{ip}'.
 */
export function parseClientConfiguration(body: unknown): ClientConfiguration {
  const source: Record<string, unknown> = typeof body === 'object' && body !== null ? { ...body } : {};
  const result: ClientConfiguration = { ...defaultClientConfiguration };
  const take = <K extends keyof ClientConfiguration>(key: K): void => {
    const value = fields[key](source[key]);
    if (value !== undefined) result[key] = value;
  };
  (Object.keys(fields) as (keyof ClientConfiguration)[]).forEach(take);
  return result;
}

/**
 * The welcome paragraphs for a UI language: its own variant, else the default.
 * `welcomeParagraphs({ welcomeMessage: ['Hi'], welcomeMessages: { de: ['Hallo'] } }, 'de-AT')` → ['Hallo'].
 */
export function welcomeParagraphs(
  { welcomeMessage, welcomeMessages }: Pick<ClientConfiguration, 'welcomeMessage' | 'welcomeMessages'>,
  language: string | undefined,
): string[] {
  const code = toSupportedLanguage(language);
  return (code === undefined ? undefined : welcomeMessages[code]) ?? welcomeMessage;
}
