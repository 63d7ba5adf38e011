import type { DeviceProfile, Fleet } from './fleet.ts';
import type { MeterTrack } from './meters.ts';
import { createMeterTrack, simulateMeters } from './meters.ts';
import { Rng } from './random.ts';
import type { Supply, SupplyLevel, SupplyReplacement } from './types.ts';

/**
 * Toner and drums, driven by the device's simulated pages (never the reverse: an empty cartridge does not stop the
 * meters). A new device starts full. When a unit falls below 10% a "low" alert opens and the unit is replaced a
 * few days later, at the start of a day; if it runs dry first, an "empty" alert opens too.
 */

const MONO_SUPPLIES: readonly Supply[] = ['black toner', 'drum'];
const COLOUR_SUPPLIES: readonly Supply[] = [
  'black toner',
  'cyan toner',
  'magenta toner',
  'yellow toner',
  'drum',
];

/** Below this level (percent) a unit counts as low and its replacement is scheduled. */
export const LOW_LEVEL_PERCENT = 10;

/** Black toner used by a colour page, relative to a mono page (composite black). */
const BLACK_PER_COLOUR_PAGE = 0.35;

export interface SupplyReplacementEvent {
  /** Track index (days since install) of the replacement day. */
  readonly index: number;
  readonly pagesSinceLastReplacement: number;
}

/** One unit's life over a device's simulated days. */
export interface SupplyTrack {
  readonly supply: Supply;
  /** End-of-day level in percent, by track index. */
  readonly levels: Uint8Array;
  readonly replacements: SupplyReplacementEvent[];
  /** Track indexes of the days the unit went low, ran empty and was replaced (`null`: not within the track). */
  readonly lowSpells: readonly {
    readonly low: number;
    readonly empty: number | null;
    readonly replaced: number | null;
  }[];
}

export function suppliesOf(profile: DeviceProfile): readonly Supply[] {
  return profile.device.isColour ? COLOUR_SUPPLIES : MONO_SUPPLIES;
}

function nominalYield(profile: DeviceProfile, supply: Supply): number {
  if (supply === 'drum') return profile.printer.drumYield;
  return supply === 'black toner' ? profile.printer.blackYield : profile.printer.colourYield;
}

/** Pages counted against a unit, and units of wear, per mono and per colour page (before coverage). */
function wearPerPage(supply: Supply): { pages: readonly [number, number]; wear: readonly [number, number] } {
  if (supply === 'drum') return { pages: [1, 1], wear: [1, 1] };
  if (supply === 'black toner') return { pages: [1, 1], wear: [1, BLACK_PER_COLOUR_PAGE] };
  return { pages: [0, 1], wear: [0, 1] };
}

interface LowSpell {
  readonly low: number;
  empty: number | null;
  replaced: number | null;
}

/** Simulates every unit of a device over the days in `track` (already filled by `simulateMeters`). */
export function simulateSupplies(profile: DeviceProfile, track: MeterTrack): SupplyTrack[] {
  return suppliesOf(profile).map((supply) => {
    const rng = new Rng(`${profile.key}/supply/${supply}`);
    const isToner = supply !== 'drum';
    // Page coverage differs by device and colour, so units of one device run out at different times.
    const coverage = isToner ? rng.between(0.75, 1.35) : 1;
    const { pages, wear } = wearPerPage(supply);
    const [monoPagesCount, colourPagesCount] = pages;
    const monoWear = wear[0] * coverage;
    const colourWear = wear[1] * coverage;
    const nominal = nominalYield(profile, supply);
    const { mono, colour, length } = track;
    const levels = new Uint8Array(length);
    const replacements: SupplyReplacementEvent[] = [];
    const lowSpells: LowSpell[] = [];
    let spell: LowSpell | null = null;
    let capacity = nominal * rng.between(0.9, 1.1);
    let remaining = capacity;
    let pagesSince = 0;
    for (let i = 0; i < length; i++) {
      if (spell !== null && i === spell.replaced) {
        replacements.push({ index: i, pagesSinceLastReplacement: pagesSince });
        capacity = nominal * rng.between(0.9, 1.1);
        remaining = capacity;
        pagesSince = 0;
        spell = null;
      }
      const m = mono[i] ?? 0;
      const c = colour[i] ?? 0;
      pagesSince += monoPagesCount * m + colourPagesCount * c;
      remaining = Math.max(0, remaining - (monoWear * m + colourWear * c));
      const level = Math.min(100, Math.ceil((100 * remaining) / capacity));
      levels[i] = level;
      if (spell === null && level < LOW_LEVEL_PERCENT) {
        // Someone orders and fits a new unit after a few days; drums are put off longer.
        spell = { low: i, empty: null, replaced: i + (isToner ? rng.int(1, 8) : rng.int(2, 15)) };
        lowSpells.push(spell);
      }
      if (spell !== null && isToner && level === 0 && spell.empty === null) spell.empty = i;
    }
    // A replacement planned after the last simulated day has not happened (yet).
    if (spell !== null) spell.replaced = null;
    return { supply, levels, replacements, lowSpells };
  });
}

/** Supply levels in the period: device, then day, then unit; every `supplyIntervalDays` and on replacement days. */
export function* supplyLevels(fleet: Fleet): Generator<SupplyLevel> {
  const track = createMeterTrack(fleet.calendar);
  const { dates } = fleet.calendar;
  const interval = fleet.supplyIntervalDays;
  for (const profile of fleet.profiles) {
    simulateMeters(profile, fleet, track);
    const units = simulateSupplies(profile, track);
    const replacedOn = units.map((unit) => new Set(unit.replacements.map((event) => event.index)));
    const { deviceId } = profile.device;
    const dateOffset = profile.installDay - fleet.calendar.firstDay;
    const from = Math.max(0, fleet.period.startDay - profile.installDay);
    for (let i = from; i < track.length; i++) {
      const periodic = (i - from) % interval === 0;
      const date = dates[dateOffset + i] ?? '';
      for (let u = 0; u < units.length; u++) {
        const unit = units[u];
        if (unit === undefined || !(periodic || replacedOn[u]?.has(i) === true)) continue;
        yield { deviceId, date, supply: unit.supply, levelPercent: unit.levels[i] ?? 0 };
      }
    }
  }
}

/** Supply replacements in the period, device by device, in date order. */
export function* supplyReplacements(fleet: Fleet): Generator<SupplyReplacement> {
  const track = createMeterTrack(fleet.calendar);
  const { dates } = fleet.calendar;
  for (const profile of fleet.profiles) {
    simulateMeters(profile, fleet, track);
    const from = Math.max(0, fleet.period.startDay - profile.installDay);
    const dateOffset = profile.installDay - fleet.calendar.firstDay;
    const events = simulateSupplies(profile, track)
      .flatMap((unit) => unit.replacements.map((event) => ({ supply: unit.supply, ...event })))
      .filter((event) => event.index >= from)
      .sort((a, b) => a.index - b.index);
    for (const event of events) {
      yield {
        deviceId: profile.device.deviceId,
        date: dates[dateOffset + event.index] ?? '',
        supply: event.supply,
        pagesSinceLastReplacement: event.pagesSinceLastReplacement,
      };
    }
  }
}
