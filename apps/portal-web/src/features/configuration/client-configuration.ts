/** What GET /api/configuration/clientConfiguration answers (spec §3, §7). */
export interface ClientConfiguration {
  clientId: string;
  authority: string;
  apiScope: string;
  is64Bit: boolean;
  includeReports: boolean;
  clientLanguage: string;
  showWelcomeMessage: boolean;
  welcomeMessage: string[];
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
