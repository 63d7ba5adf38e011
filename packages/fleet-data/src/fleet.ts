import { accountProfile } from './accounts.ts';
import type { SampleAccount } from './accounts.ts';
import { buildCalendar, isoDate } from './calendar.ts';
import type { Calendar } from './calendar.ts';
import { AREAS, BUILDINGS, CITIES, PRINTER_MODELS, SERIAL_PREFIXES } from './catalogue.ts';
import type { PrinterModel } from './catalogue.ts';
import type { Period, ResolvedOptions } from './options.ts';
import { Rng, at } from './random.ts';
import type { Device } from './types.ts';

/**
 * The fleet: which printers an account has, where they stand and how hard they are used.
 *
 * An account has a number of printer *places* (slots). Each place holds a succession of printers on an absolute
 * timeline: the first installed between 2000 and mid-2006, each replaced after 4–7 years by a new one in the same
 * place. A period therefore shows the printers in service during it, some installed or retired part-way, and any
 * printer looks the same whatever period is asked for.
 */

/** 2000-01-01: the earliest install date of the timeline. */
const TIMELINE_ORIGIN_DAY = 10_957;
const FIRST_INSTALL_SPREAD_DAYS = 2_400;
const MIN_LIFETIME_DAYS = 1_500;
const MAX_LIFETIME_DAYS = 2_500;
const WORKING_DAYS_PER_MONTH = 21.5;

/** A device with the hidden traits that drive its data. */
export interface DeviceProfile {
  readonly device: Device;
  readonly printer: PrinterModel;
  /** Prefix of the keys of this device's random streams. */
  readonly key: string;
  readonly installDay: number;
  /** First day without data (its successor's install day), whether or not that is inside the period. */
  readonly retiredDay: number;
  /** Pages on an ordinary weekday before calendar effects. */
  readonly dailyPages: number;
  /** Share of pages printed in colour (0 for mono models). */
  readonly colourShare: number;
  /** Multiplies the calendar's small weekend volume: above 1 for places that work weekends. */
  readonly weekendFactor: number;
}

export interface Fleet {
  readonly account: SampleAccount;
  readonly period: Period;
  readonly utcOffsetHours: number;
  /** In place order, then install order. */
  readonly profiles: readonly DeviceProfile[];
  /** Covers every day from the earliest install among `profiles` (or the period start) to the period end. */
  readonly calendar: Calendar;
  readonly supplyIntervalDays: number;
}

interface Place {
  readonly site: string;
  readonly location: string;
  readonly firstInstallDay: number;
}

function accountSites(rng: Rng, cities: readonly string[], homeCity: string | undefined): string[] {
  const others = rng.shuffled(cities.filter((city) => city !== homeCity));
  const sites = homeCity === undefined ? others : [homeCity, ...others];
  return sites.slice(0, rng.int(3, 6));
}

function place(rng: Rng, sites: readonly string[]): Place {
  const siteIndex = rng.pickWeighted(
    sites.map((_, index) => index),
    (index) => (index === 0 ? 3 : 1),
  );
  const isHead = siteIndex === 0;
  const building = at(BUILDINGS, rng.int(0, isHead ? 6 : 2));
  const floor = rng.int(1, isHead ? 12 : 4);
  return {
    site: at(sites, siteIndex),
    location: `${building}, Floor ${floor}, ${rng.pick(AREAS)}`,
    firstInstallDay: TIMELINE_ORIGIN_DAY + rng.int(0, FIRST_INSTALL_SPREAD_DAYS - 1),
  };
}

function lifetimeDays(slotKey: string, generation: number): number {
  return new Rng(`${slotKey}/life/${generation}`).int(MIN_LIFETIME_DAYS, MAX_LIFETIME_DAYS);
}

/** A unique, manufacturer-styled serial: the place and generation scrambled bijectively into 7 base-36 digits. */
function serialNumber(rng: Rng, manufacturer: string, slot: number, generation: number): string {
  const prefix = rng.pick(SERIAL_PREFIXES[manufacturer] ?? ['SN']);
  const letters = String.fromCharCode(65 + rng.int(0, 25), 65 + rng.int(0, 25));
  const scrambled = Math.imul(slot * 64 + generation, 2_654_435_761) >>> 0;
  return `${prefix}${letters}${scrambled.toString(36).padStart(7, '0')}`.toUpperCase();
}

/** Generation letters: A for a place's first printer, B for its successor… */
function generationTag(generation: number): string {
  return generation < 26 ? String.fromCharCode(65 + generation) : `G${generation}`;
}

interface Generation {
  readonly databaseName: string;
  readonly slotKey: string;
  readonly slot: number;
  readonly generation: number;
  readonly where: Place;
  readonly installDay: number;
  readonly retiredDay: number;
}

function deviceProfile(
  { databaseName, slotKey, slot, generation, where, installDay, retiredDay }: Generation,
  endDay: number,
): DeviceProfile {
  const key = `${slotKey}/${generation}`;
  const rng = new Rng(`${key}/traits`);
  const printer = rng.pickWeighted(PRINTER_MODELS, (candidate) => candidate.prevalence);
  // Most printers run at 15–60% of their recommended volume; one in five sits in a quiet corner.
  const utilisation = rng.between(0.15, 0.6) * (rng.chance(0.2) ? 0.3 : 1);
  const deviceId = `${databaseName}-${String(slot).padStart(4, '0')}${generationTag(generation)}`;
  return {
    device: {
      deviceId,
      serialNumber: serialNumber(rng, printer.manufacturer, slot, generation),
      model: printer.model,
      manufacturer: printer.manufacturer,
      isColour: printer.isColour,
      location: where.location,
      site: where.site,
      installDate: isoDate(installDay),
      retiredDate: retiredDay <= endDay ? isoDate(retiredDay) : null,
      monthlyDutyCycle: printer.monthlyDutyCycle,
    },
    printer,
    key,
    installDay,
    retiredDay,
    dailyPages: (printer.monthlyDutyCycle * utilisation) / WORKING_DAYS_PER_MONTH,
    colourShare: printer.isColour ? rng.between(0.12, 0.6) : 0,
    weekendFactor: rng.chance(0.12) ? rng.between(2, 6) : rng.between(0.5, 1.5),
  };
}

/** Number of printer places of an account under these options. */
export function slotCount(databaseName: string, options: ResolvedOptions): number {
  const base = options.devicesPerAccount ?? accountProfile(databaseName).defaultDeviceCount;
  return Math.max(1, Math.round(base * options.scale));
}

/** The account's printers in service at some point of the period, with everything needed to simulate them. */
export function buildFleet(databaseName: string, options: ResolvedOptions): Fleet {
  const profile = accountProfile(databaseName);
  const { period } = options;
  const accountKey = `${databaseName}#${options.seed}`;
  const sites = accountSites(
    new Rng(`${accountKey}/sites`),
    CITIES[profile.account.region],
    profile.homeCity,
  );
  const profiles: DeviceProfile[] = [];
  const slots = slotCount(databaseName, options);
  for (let slot = 0; slot < slots; slot++) {
    const slotKey = `${accountKey}/place/${slot}`;
    const where = place(new Rng(slotKey), sites);
    let installDay = where.firstInstallDay;
    for (let generation = 0; installDay <= period.endDay; generation++) {
      const retiredDay = installDay + lifetimeDays(slotKey, generation);
      if (retiredDay > period.startDay) {
        const placed = { databaseName, slotKey, slot, generation, where, installDay, retiredDay };
        profiles.push(deviceProfile(placed, period.endDay));
      }
      installDay = retiredDay;
    }
  }
  let firstDay = period.startDay;
  for (const device of profiles) firstDay = Math.min(firstDay, device.installDay);
  return {
    account: profile.account,
    period,
    utcOffsetHours: profile.utcOffsetHours,
    profiles,
    calendar: buildCalendar(profile.account.region, firstDay, period.endDay - firstDay + 1),
    supplyIntervalDays: options.supplyIntervalDays,
  };
}
