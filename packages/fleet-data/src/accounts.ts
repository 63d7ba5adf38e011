import { hash128 } from './random.ts';

/** Where an account's offices are: chooses its sites, public holidays and working hours. */
export type Region = 'EMEA' | 'Americas' | 'APAC';

/** A customer account of the sample data set, identified everywhere by its `databaseName`. */
export interface SampleAccount {
  /** Stable identifier: the portal's account key and the analytics service's row-level-security value. */
  readonly databaseName: string;
  readonly accountName: string;
  /** The customer owning the account; `''` when none is recorded. */
  readonly customerName: string;
  readonly region: Region;
  /** IANA time zone of the account's head office. */
  readonly timeZone: string;
}

/** Which sample user (by e-mail, as the sample identity provider knows them) belongs to which accounts. */
export interface SampleMembership {
  readonly email: string;
  readonly databaseNames: readonly string[];
}

/**
 * The five sample accounts. They exercise the portal's display rules: two accounts share a customer, `northwind`'s
 * customer name equals its databaseName, and `tailspin` has no customer name and no members.
 */
export const SAMPLE_ACCOUNTS: readonly SampleAccount[] = [
  {
    databaseName: 'contoso_emea',
    accountName: 'Contoso EMEA',
    customerName: 'Contoso Ltd',
    region: 'EMEA',
    timeZone: 'Europe/Berlin',
  },
  {
    databaseName: 'contoso_us',
    accountName: 'Contoso US',
    customerName: 'Contoso Ltd',
    region: 'Americas',
    timeZone: 'America/New_York',
  },
  {
    databaseName: 'fabrikam',
    accountName: 'Fabrikam',
    customerName: 'Fabrikam Inc',
    region: 'Americas',
    timeZone: 'America/Chicago',
  },
  {
    databaseName: 'northwind',
    accountName: 'Northwind',
    customerName: 'northwind',
    region: 'APAC',
    timeZone: 'Asia/Tokyo',
  },
  {
    databaseName: 'tailspin',
    accountName: 'Tailspin Toys',
    customerName: '',
    region: 'EMEA',
    timeZone: 'Europe/Madrid',
  },
];

/**
 * The memberships the portal seeds for the sample users. `tailspin` deliberately has no members, so an account
 * nobody can reach is part of the sample.
 */
export const SAMPLE_MEMBERSHIPS: readonly SampleMembership[] = [
  { email: 'alice@contoso.example', databaseNames: ['contoso_emea', 'contoso_us'] },
  { email: 'bob@fabrikam.example', databaseNames: ['fabrikam'] },
  { email: 'carol@contoso.example', databaseNames: ['contoso_emea', 'fabrikam', 'northwind'] },
];

/** Default fleet sizes of the sample accounts (40–120 devices, about 300k daily meter rows in all over two years). */
const DEFAULT_DEVICE_COUNTS: Readonly<Record<string, number>> = {
  contoso_emea: 120,
  contoso_us: 105,
  fabrikam: 85,
  northwind: 65,
  tailspin: 45,
};

/** Home city of each sample account: its first and busiest site. */
const HOME_CITIES: Readonly<Record<string, string>> = {
  contoso_emea: 'Berlin',
  contoso_us: 'New York',
  fabrikam: 'Chicago',
  northwind: 'Tokyo',
  tailspin: 'Madrid',
};

const REGIONS: readonly Region[] = ['EMEA', 'Americas', 'APAC'];

const REGION_TIME_ZONES: Readonly<Record<Region, string>> = {
  EMEA: 'Europe/London',
  Americas: 'America/New_York',
  APAC: 'Asia/Singapore',
};

/**
 * Standard-time UTC offsets (hours) used to place alert times in local working hours. Daylight saving time is
 * ignored on purpose: it would need time-zone rules for a one-hour shift that no report depends on.
 */
const UTC_OFFSETS: Readonly<Record<string, number>> = {
  'Europe/London': 0,
  'Europe/Berlin': 1,
  'Europe/Madrid': 1,
  'America/New_York': -5,
  'America/Chicago': -6,
  'Asia/Tokyo': 9,
  'Asia/Singapore': 8,
};

/** How an account's data is shaped, beyond the account record itself. */
export interface AccountProfile {
  readonly account: SampleAccount;
  readonly defaultDeviceCount: number;
  /** The preferred first site, when the account has one. */
  readonly homeCity: string | undefined;
  readonly utcOffsetHours: number;
}

/**
 * The sample account of that name, or — for any other databaseName, such as an account created with the portal's
 * admin tool — a plain account derived from the name, so every account has data.
 *
 * @example
 * accountProfile('fabrikam').account.accountName; // 'Fabrikam'
 * accountProfile('acme').account;                  // { databaseName: 'acme', accountName: 'acme', customerName: '', … }
 */
export function accountProfile(databaseName: string): AccountProfile {
  if (databaseName.length === 0) throw new RangeError('databaseName must not be empty');
  const sample = SAMPLE_ACCOUNTS.find((candidate) => candidate.databaseName === databaseName);
  const [h1, h2] = hash128(databaseName);
  const region = sample?.region ?? REGIONS[h1 % REGIONS.length] ?? 'EMEA';
  const account = sample ?? {
    databaseName,
    accountName: databaseName,
    customerName: '',
    region,
    timeZone: REGION_TIME_ZONES[region],
  };
  return {
    account,
    defaultDeviceCount: DEFAULT_DEVICE_COUNTS[databaseName] ?? 40 + (h2 % 81),
    homeCity: HOME_CITIES[databaseName],
    utcOffsetHours: UTC_OFFSETS[account.timeZone] ?? 0,
  };
}
