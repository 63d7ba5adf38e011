import { isoTimestamp, MS_PER_DAY } from './calendar.ts';
import type { DeviceProfile, Fleet } from './fleet.ts';
import type { MeterTrack } from './meters.ts';
import { createMeterTrack, simulateMeters } from './meters.ts';
import { Rng, at } from './random.ts';
import type { SupplyTrack } from './supplies.ts';
import { simulateSupplies } from './supplies.ts';
import type { AlertCode, AlertSeverity, ServiceAlert, Supply } from './types.ts';

/** A kind of alert a device raises. */
export interface AlertKind {
  readonly code: AlertCode;
  readonly severity: AlertSeverity;
  readonly description: string;
}

interface RandomAlertKind extends AlertKind {
  /** Chance per day in service, and per thousand pages printed that day. */
  readonly perDay: number;
  readonly perThousandPages: number;
  readonly colourOnly: boolean;
  /** Raised while people use the device (07:00–18:00 local) rather than at any hour. */
  readonly whileInUse: boolean;
  readonly minutes: readonly [number, number];
}

const kind = (
  code: AlertCode,
  severity: AlertSeverity,
  description: string,
  [perDay, perThousandPages]: readonly [number, number],
  minutes: readonly [number, number],
  colourOnly = false,
): RandomAlertKind => ({
  code,
  severity,
  description,
  perDay,
  perThousandPages,
  colourOnly,
  whileInUse: perThousandPages > 0,
  minutes,
});

const RANDOM_ALERTS: readonly RandomAlertKind[] = [
  kind('PAPER_JAM', 'warning', 'Paper jam', [0, 0.06], [2, 90]),
  kind('TRAY_EMPTY', 'info', 'Paper tray empty', [0, 0.04], [5, 480]),
  kind('DOOR_OPEN', 'warning', 'Cover or door open', [0.002, 0], [1, 30]),
  kind('FUSER_ERROR', 'critical', 'Fuser error: service required', [0.0012, 0], [240, 7_200]),
  kind(
    'NETWORK_OFFLINE',
    'critical',
    'Device offline: not reachable on the network',
    [0.002, 0],
    [20, 2_880],
  ),
  kind('SCANNER_ERROR', 'warning', 'Scanner error', [0.001, 0], [60, 4_320]),
  kind('WASTE_TONER_FULL', 'warning', 'Waste toner container nearly full', [0, 0.004], [60, 4_320], true),
  kind('MAINTENANCE_KIT_DUE', 'info', 'Maintenance kit due', [0.0008, 0], [1_440, 28_800]),
  kind('FIRMWARE_UPDATE_AVAILABLE', 'info', 'Firmware update available', [0.0015, 0], [1_440, 43_200]),
];

const SUPPLY_ALERTS: readonly AlertKind[] = [
  { code: 'TONER_LOW', severity: 'warning', description: 'Toner low' },
  { code: 'TONER_EMPTY', severity: 'critical', description: 'Toner empty' },
  { code: 'DRUM_NEAR_END', severity: 'warning', description: 'Drum near end of life' },
];

/** Every alert code a device can raise, with its severity and description, for lookup tables and legends. */
export const ALERT_CATALOGUE: readonly AlertKind[] = [
  ...RANDOM_ALERTS.map(({ code, severity, description }) => ({ code, severity, description })),
  ...SUPPLY_ALERTS,
];

interface RawAlert {
  readonly code: AlertCode;
  readonly severity: AlertSeverity;
  readonly description: string;
  readonly openMs: number;
  /** `null`: not resolved within the simulated days. */
  readonly closeMs: number | null;
}

/** A moment of a device's local day, in UTC milliseconds (standard time; see accounts.ts). */
function localTime(fleet: Fleet, day: number, localHours: number): number {
  return day * MS_PER_DAY + Math.floor(localHours * 3_600) * 1_000 - fleet.utcOffsetHours * 3_600_000;
}

/** One draw decides whether and which alert: `r` walks the kinds' shares of the day's chance. */
function pickKind(kinds: readonly RandomAlertKind[], r: number, thousands: number): RandomAlertKind {
  let rest = r;
  for (const candidate of kinds) {
    rest -= candidate.perDay + candidate.perThousandPages * thousands;
    if (rest < 0) return candidate;
  }
  return at(kinds, kinds.length - 1);
}

function randomAlerts(profile: DeviceProfile, fleet: Fleet, track: MeterTrack): RawAlert[] {
  const kinds = RANDOM_ALERTS.filter((candidate) => profile.device.isColour || !candidate.colourOnly);
  let perDay = 0;
  let perThousandPages = 0;
  for (const candidate of kinds) {
    perDay += candidate.perDay;
    perThousandPages += candidate.perThousandPages;
  }
  const rng = new Rng(`${profile.key}/alerts`);
  const busyUntil = new Map<AlertCode, number>();
  const alerts: RawAlert[] = [];
  for (let i = 0; i < track.length; i++) {
    const thousands = ((track.mono[i] ?? 0) + (track.colour[i] ?? 0)) / 1_000;
    const r = rng.next();
    if (r >= perDay + perThousandPages * thousands) continue;
    const chosen = pickKind(kinds, r, thousands);
    const hours = chosen.whileInUse ? rng.between(7, 18) : rng.between(0, 24);
    const openMs = localTime(fleet, profile.installDay + i, hours);
    const closeMs = openMs + Math.floor(rng.between(chosen.minutes[0], chosen.minutes[1]) * 60) * 1_000;
    if (openMs < (busyUntil.get(chosen.code) ?? 0)) continue;
    busyUntil.set(chosen.code, closeMs);
    alerts.push({ ...chosen, openMs, closeMs });
  }
  return alerts;
}

function supplyAlerts(profile: DeviceProfile, fleet: Fleet, units: readonly SupplyTrack[]): RawAlert[] {
  const alerts: RawAlert[] = [];
  const [low, empty, drum] = SUPPLY_ALERTS as readonly [AlertKind, AlertKind, AlertKind];
  for (const unit of units) {
    // One stream per unit, drawn in date order, so extending the period never moves an earlier alert.
    const rng = new Rng(`${profile.key}/supply-alerts/${unit.supply}`);
    const name = capitalised(unit.supply);
    for (const spell of unit.lowSpells) {
      const lowMs = localTime(fleet, profile.installDay + spell.low, rng.between(7, 18));
      const emptyMs = localTime(fleet, profile.installDay + (spell.empty ?? spell.low), rng.between(7, 18));
      const replacedMs =
        spell.replaced === null
          ? null
          : localTime(fleet, profile.installDay + spell.replaced, rng.between(8, 12));
      if (unit.supply === 'drum') {
        alerts.push({ ...drum, openMs: lowMs, closeMs: replacedMs });
        continue;
      }
      alerts.push({ ...low, description: `${name} low`, openMs: lowMs, closeMs: replacedMs });
      if (spell.empty !== null) {
        const openMs = Math.max(emptyMs, lowMs + 60_000);
        alerts.push({ ...empty, description: `${name} empty`, openMs, closeMs: replacedMs });
      }
    }
  }
  return alerts;
}

function capitalised(supply: Supply): string {
  return supply.charAt(0).toUpperCase() + supply.slice(1);
}

/**
 * Every alert of a device since its install, numbered in opening order. Open alerts of a retired device close
 * when it is taken away (09:00 local on its retirement day).
 */
export function deviceAlerts(profile: DeviceProfile, fleet: Fleet, track: MeterTrack): ServiceAlert[] {
  const units = simulateSupplies(profile, track);
  const raw = [...randomAlerts(profile, fleet, track), ...supplyAlerts(profile, fleet, units)];
  raw.sort((a, b) => a.openMs - b.openMs || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  const nowMs = (fleet.period.endDay + 1) * MS_PER_DAY;
  const retiredMs =
    profile.retiredDay <= fleet.period.endDay ? localTime(fleet, profile.retiredDay, 9) : null;
  const startMs = fleet.period.startDay * MS_PER_DAY;
  const alerts: ServiceAlert[] = [];
  raw.forEach((alert, index) => {
    if (alert.openMs < startMs || alert.openMs >= nowMs) return;
    let closeMs = alert.closeMs;
    if (retiredMs !== null && (closeMs === null || closeMs > retiredMs)) closeMs = retiredMs;
    alerts.push({
      alertId: `${profile.device.deviceId}-${String(index + 1).padStart(4, '0')}`,
      deviceId: profile.device.deviceId,
      code: alert.code,
      severity: alert.severity,
      description: alert.description,
      openedAt: isoTimestamp(alert.openMs),
      closedAt: closeMs === null || closeMs >= nowMs ? null : isoTimestamp(closeMs),
    });
  });
  return alerts;
}

/** Alerts opened during the period, device by device, in opening order. */
export function* serviceAlerts(fleet: Fleet): Generator<ServiceAlert> {
  const track = createMeterTrack(fleet.calendar);
  for (const profile of fleet.profiles) {
    simulateMeters(profile, fleet, track);
    yield* deviceAlerts(profile, fleet, track);
  }
}
