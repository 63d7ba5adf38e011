import type { AccountData } from '@portico/fleet-data';
import { monthsParameter } from '../parameters.ts';
import { columns, type Cell, type OfficeDefinition, type Summary } from '../model.ts';
import { deviceMonths, devicesInService, firstDayOfPeriod, latestSupplyLevels, topBy } from './aggregate.ts';

// Office reports are summaries: every table is capped, so the document (built in memory, as DOCX is a zip) stays
// small whatever the size of the fleet.
const TOP_DEVICES = 10;
const MAX_LIST_ROWS = 50;
const REPLACE_AT_PERCENT = 10;

function fleetSummary(data: AccountData): Summary {
  const devices = new Map(data.devices.map((d) => [d.deviceId, d]));
  // The fleet on the last day of the data: the devices a customer has today.
  const active = devicesInService(data.devices, data.period.endDate, data.period.endDate);
  const totals = new Map<string, { mono: number; colour: number }>();
  for (const r of data.meterReadings()) {
    const total = totals.get(r.deviceId) ?? { mono: 0, colour: 0 };
    total.mono += r.monoPages;
    total.colour += r.colourPages;
    totals.set(r.deviceId, total);
  }
  let mono = 0;
  let colour = 0;
  for (const t of totals.values()) {
    mono += t.mono;
    colour += t.colour;
  }
  const top = topBy(totals, TOP_DEVICES, ([, t]) => t.mono + t.colour);
  const activeIds = new Set(active.map((d) => d.deviceId));
  const low = [...latestSupplyLevels(data.supplyLevels())]
    .filter((l) => activeIds.has(l.deviceId) && l.levelPercent <= REPLACE_AT_PERCENT)
    .sort((a, b) => a.levelPercent - b.levelPercent || a.deviceId.localeCompare(b.deviceId))
    .slice(0, MAX_LIST_ROWS);
  let openAlerts = 0;
  const critical: Cell[][] = [];
  for (const a of data.serviceAlerts()) {
    if (a.closedAt !== null) continue;
    openAlerts += 1;
    if (a.severity === 'critical') critical.push([a.alertId, a.deviceId, a.code, a.description, a.openedAt]);
  }
  return {
    facts: [
      { label: 'devicesInService', value: active.length, type: 'integer' },
      { label: 'colourDevices', value: active.filter((d) => d.isColour).length, type: 'integer' },
      { label: 'sites', value: new Set(active.map((d) => d.site)).size, type: 'integer' },
      { label: 'monoPages', value: mono, type: 'integer' },
      { label: 'colourPages', value: colour, type: 'integer' },
      { label: 'totalPages', value: mono + colour, type: 'integer' },
      { label: 'openAlerts', value: openAlerts, type: 'integer' },
      { label: 'openCriticalAlerts', value: critical.length, type: 'integer' },
    ],
    tables: [
      {
        heading: 'topDevices',
        columns: columns(
          ['deviceId', 'text'],
          ['model', 'text'],
          ['site', 'text'],
          ['totalPages', 'integer'],
        ),
        rows: top.map(([id, t]) => [
          id,
          devices.get(id)?.model ?? null,
          devices.get(id)?.site ?? null,
          t.mono + t.colour,
        ]),
      },
      {
        heading: 'suppliesToReplace',
        columns: columns(
          ['deviceId', 'text'],
          ['site', 'text'],
          ['supply', 'supply'],
          ['levelPercent', 'percent'],
          ['date', 'date'],
        ),
        rows: low.map((l) => [
          l.deviceId,
          devices.get(l.deviceId)?.site ?? null,
          l.supply,
          l.levelPercent,
          l.date,
        ]),
      },
      {
        heading: 'criticalAlerts',
        columns: columns(
          ['alertId', 'text'],
          ['deviceId', 'text'],
          ['code', 'text'],
          ['description', 'text'],
          ['openedAt', 'timestamp'],
        ),
        rows: critical.slice(0, MAX_LIST_ROWS),
      },
    ],
  };
}

function usageStatement(data: AccountData, months: number): Summary {
  const from = firstDayOfPeriod(data.period.endDate, months);
  // The devices in service during the statement's months: the key figure and the site table count this one set,
  // so the sites add up to the total (they once counted every device with readings against today's fleet).
  const inService = devicesInService(data.devices, from, data.period.endDate);
  const siteOf = new Map(inService.map((d) => [d.deviceId, d.site]));
  const byMonth = new Map<string, { mono: number; colour: number; devices: number }>();
  const bySite = new Map<string, { mono: number; colour: number; devices: number }>();
  for (const device of inService) {
    const site = bySite.get(device.site) ?? { mono: 0, colour: 0, devices: 0 };
    site.devices += 1;
    bySite.set(device.site, site);
  }
  for (const m of deviceMonths(data.meterReadings(), from)) {
    const month = byMonth.get(m.month) ?? { mono: 0, colour: 0, devices: 0 };
    month.mono += m.monoPages;
    month.colour += m.colourPages;
    month.devices += 1;
    byMonth.set(m.month, month);
    const site = bySite.get(siteOf.get(m.deviceId) ?? '');
    if (site === undefined) continue;
    site.mono += m.monoPages;
    site.colour += m.colourPages;
  }
  const monthRows = [...byMonth].sort(([a], [b]) => a.localeCompare(b));
  const siteRows = [...bySite].sort(([, a], [, b]) => b.mono + b.colour - (a.mono + a.colour));
  const mono = monthRows.reduce((sum, [, m]) => sum + m.mono, 0);
  const colour = monthRows.reduce((sum, [, m]) => sum + m.colour, 0);
  return {
    facts: [
      { label: 'monoPages', value: mono, type: 'integer' },
      { label: 'colourPages', value: colour, type: 'integer' },
      { label: 'totalPages', value: mono + colour, type: 'integer' },
      { label: 'devicesInService', value: inService.length, type: 'integer' },
    ],
    tables: [
      {
        heading: 'monthlyTotals',
        columns: columns(
          ['month', 'month'],
          ['activeDevices', 'integer'],
          ['monoPages', 'integer'],
          ['colourPages', 'integer'],
          ['totalPages', 'integer'],
        ),
        rows: monthRows.map(([month, m]) => [month, m.devices, m.mono, m.colour, m.mono + m.colour]),
      },
      {
        heading: 'siteTotals',
        columns: columns(
          ['site', 'text'],
          ['devices', 'integer'],
          ['monoPages', 'integer'],
          ['colourPages', 'integer'],
          ['totalPages', 'integer'],
        ),
        rows: siteRows.map(([site, s]) => [site, s.devices, s.mono, s.colour, s.mono + s.colour]),
      },
    ],
  };
}

/** The summary kinds (DOCX only), in catalogue order. */
export const OFFICE_KINDS: readonly OfficeDefinition[] = [
  {
    id: 'fleet-summary',
    office: true,
    fileBaseName: 'Fleet summary',
    parameters: [],
    summarise: ({ data }) => fleetSummary(data),
  },
  {
    id: 'monthly-usage-statement',
    office: true,
    fileBaseName: 'Monthly usage statement',
    parameters: ['months'],
    summarise: ({ data, parameters }) => usageStatement(data, monthsParameter(parameters)),
  },
];
