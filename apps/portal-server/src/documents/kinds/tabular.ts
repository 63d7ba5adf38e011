import { monthsParameter, severityParameter } from '../parameters.ts';
import { columns, type TabularDefinition } from '../model.ts';
import { deviceMonths, firstDayOfPeriod, latestSupplyLevels } from './aggregate.ts';

const deviceInventory: TabularDefinition = {
  id: 'device-inventory',
  office: false,
  fileBaseName: 'Device inventory',
  parameters: [],
  columns: columns(
    ['deviceId', 'text'],
    ['serialNumber', 'text'],
    ['manufacturer', 'text'],
    ['model', 'text'],
    ['colour', 'boolean'],
    ['site', 'text'],
    ['location', 'text'],
    ['installDate', 'date'],
    ['retiredDate', 'date'],
    ['monthlyDutyCycle', 'integer'],
  ),
  *rows({ data }) {
    for (const d of data.devices) {
      yield [
        d.deviceId,
        d.serialNumber,
        d.manufacturer,
        d.model,
        d.isColour,
        d.site,
        d.location,
        d.installDate,
        d.retiredDate,
        d.monthlyDutyCycle,
      ];
    }
  },
};

const monthlyPageVolume: TabularDefinition = {
  id: 'monthly-page-volume',
  office: false,
  fileBaseName: 'Monthly page volume',
  parameters: ['months'],
  columns: columns(
    ['deviceId', 'text'],
    ['month', 'month'],
    ['monoPages', 'integer'],
    ['colourPages', 'integer'],
    ['totalPages', 'integer'],
  ),
  *rows({ data, parameters }) {
    const from = firstDayOfPeriod(data.period.endDate, monthsParameter(parameters));
    for (const m of deviceMonths(data.meterReadings(), from)) {
      yield [m.deviceId, m.month, m.monoPages, m.colourPages, m.monoPages + m.colourPages];
    }
  },
};

const dailyMeterReadings: TabularDefinition = {
  id: 'daily-meter-readings',
  office: false,
  fileBaseName: 'Daily meter readings',
  parameters: [],
  columns: columns(
    ['deviceId', 'text'],
    ['date', 'date'],
    ['monoPages', 'integer'],
    ['colourPages', 'integer'],
    ['totalMono', 'integer'],
    ['totalColour', 'integer'],
  ),
  *rows({ data }) {
    for (const r of data.meterReadings()) {
      yield [r.deviceId, r.date, r.monoPages, r.colourPages, r.totalMono, r.totalColour];
    }
  },
};

const supplyLevels: TabularDefinition = {
  id: 'supply-levels',
  office: false,
  fileBaseName: 'Supply levels',
  parameters: [],
  columns: columns(['deviceId', 'text'], ['supply', 'supply'], ['levelPercent', 'percent'], ['date', 'date']),
  *rows({ data }) {
    for (const l of latestSupplyLevels(data.supplyLevels()))
      yield [l.deviceId, l.supply, l.levelPercent, l.date];
  },
};

const supplyReplacements: TabularDefinition = {
  id: 'supply-replacements',
  office: false,
  fileBaseName: 'Supply replacements',
  parameters: [],
  columns: columns(
    ['deviceId', 'text'],
    ['date', 'date'],
    ['supply', 'supply'],
    ['pagesSinceLastReplacement', 'integer'],
  ),
  *rows({ data }) {
    for (const r of data.supplyReplacements())
      yield [r.deviceId, r.date, r.supply, r.pagesSinceLastReplacement];
  },
};

const openServiceAlerts: TabularDefinition = {
  id: 'open-service-alerts',
  office: false,
  fileBaseName: 'Open service alerts',
  parameters: [],
  columns: columns(
    ['alertId', 'text'],
    ['deviceId', 'text'],
    ['severity', 'severity'],
    ['code', 'text'],
    ['description', 'text'],
    ['openedAt', 'timestamp'],
  ),
  *rows({ data }) {
    for (const a of data.serviceAlerts()) {
      if (a.closedAt === null) yield [a.alertId, a.deviceId, a.severity, a.code, a.description, a.openedAt];
    }
  },
};

const serviceAlertHistory: TabularDefinition = {
  id: 'service-alert-history',
  office: false,
  fileBaseName: 'Service alert history',
  parameters: ['severity'],
  columns: columns(
    ['alertId', 'text'],
    ['deviceId', 'text'],
    ['severity', 'severity'],
    ['code', 'text'],
    ['description', 'text'],
    ['openedAt', 'timestamp'],
    ['closedAt', 'timestamp'],
  ),
  *rows({ data, parameters }) {
    const severity = severityParameter(parameters);
    for (const a of data.serviceAlerts()) {
      if (severity !== undefined && a.severity !== severity) continue;
      yield [a.alertId, a.deviceId, a.severity, a.code, a.description, a.openedAt, a.closedAt];
    }
  },
};

/** The kinds that are one long table (CSV, XML, HTML), in catalogue order. */
export const TABULAR_KINDS: readonly TabularDefinition[] = [
  deviceInventory,
  monthlyPageVolume,
  dailyMeterReadings,
  supplyLevels,
  supplyReplacements,
  openServiceAlerts,
  serviceAlertHistory,
];
