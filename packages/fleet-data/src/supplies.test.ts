import { describe, expect, it } from 'vitest';
import { parseIsoDate } from './calendar.ts';
import { generateAccount } from './generate.ts';
import { FULL, SMALL, failures, groupBy } from './test-support.ts';

const data = generateAccount('contoso_us', FULL);
const levels = [...data.supplyLevels()];
const replacements = [...data.supplyReplacements()];
const devices = new Map(data.devices.map((device) => [device.deviceId, device]));
const levelsByUnit = groupBy(levels, (row) => `${row.deviceId} ${row.supply}`);

describe('supply levels', () => {
  it('are whole percentages from 0 to 100', () => {
    expect(levels.length).toBeGreaterThan(0);
    const percent = (n: number) => Number.isInteger(n) && n >= 0 && n <= 100;
    expect(failures(levels, (row) => percent(row.levelPercent))).toEqual([]);
  });

  it('list colour toners only for colour devices, and black toner and drum for all', () => {
    for (const [deviceId, rows] of groupBy(levels, (row) => row.deviceId)) {
      const supplies = new Set(rows.map((row) => row.supply));
      const expected = devices.get(deviceId)?.isColour
        ? ['black toner', 'cyan toner', 'magenta toner', 'yellow toner', 'drum']
        : ['black toner', 'drum'];
      expect([...supplies].sort()).toEqual(expected.sort());
    }
  });

  it('fall with use and rise only on the day of a replacement', () => {
    const replaced = new Set(replacements.map((event) => `${event.deviceId} ${event.supply} ${event.date}`));
    let jumps = 0;
    for (const [unit, rows] of levelsByUnit) {
      const broken = failures(rows.slice(1), (today, i) => {
        const rose = today.levelPercent > (rows[i]?.levelPercent ?? 100);
        if (rose) jumps++;
        return rose === replaced.has(`${unit} ${today.date}`);
      });
      expect(broken).toEqual([]);
    }
    // Every replacement shows as a jump, except one on a unit's first day in the period (nothing to compare).
    const firstDay = new Map([...levelsByUnit].map(([unit, rows]) => [unit, rows[0]?.date]));
    const visible = replacements.filter(
      (event) => firstDay.get(`${event.deviceId} ${event.supply}`) !== event.date,
    );
    expect(jumps).toBe(visible.length);
  });

  it('come every supplyIntervalDays, plus on replacement days', () => {
    const sparse = generateAccount('contoso_us', { ...FULL, supplyIntervalDays: 7 });
    const sparseEvents = new Set(
      [...sparse.supplyReplacements()].map((e) => `${e.deviceId} ${e.supply} ${e.date}`),
    );
    const start = parseIsoDate(sparse.period.startDate);
    const broken = failures(sparse.supplyLevels(), (row) => {
      const device = devices.get(row.deviceId);
      const first = Math.max(start, parseIsoDate(device?.installDate ?? ''));
      const periodic = (parseIsoDate(row.date) - first) % 7 === 0;
      return periodic || sparseEvents.has(`${row.deviceId} ${row.supply} ${row.date}`);
    });
    expect(broken).toEqual([]);
  });
});

describe('supply replacements', () => {
  it('happen inside the period, with the pages the old unit served', () => {
    expect(replacements.length).toBeGreaterThan(0);
    for (const event of replacements) {
      expect(event.date >= data.period.startDate && event.date <= data.period.endDate).toBe(true);
      expect(Number.isInteger(event.pagesSinceLastReplacement)).toBe(true);
      expect(event.pagesSinceLastReplacement).toBeGreaterThan(0);
    }
  });

  it('follow a low level the day before', () => {
    const levelOn = new Map(
      levels.map((row) => [`${row.deviceId} ${row.supply} ${row.date}`, row.levelPercent]),
    );
    for (const event of replacements) {
      const dayBefore = new Date(Date.parse(event.date) - 86_400_000).toISOString().slice(0, 10);
      const before = levelOn.get(`${event.deviceId} ${event.supply} ${dayBefore}`);
      if (before !== undefined) expect(before).toBeLessThan(10);
    }
  });

  it('count about one cartridge of pages for toner', () => {
    const black = replacements.filter((event) => event.supply === 'black toner');
    const median = black.map((event) => event.pagesSinceLastReplacement).sort((a, b) => a - b)[
      black.length >> 1
    ];
    expect(median).toBeGreaterThan(1_000);
    expect(median).toBeLessThan(100_000);
  });

  it('are the same for the same inputs', () => {
    const again = generateAccount('fabrikam', SMALL);
    expect([...again.supplyReplacements()]).toEqual([
      ...generateAccount('fabrikam', SMALL).supplyReplacements(),
    ]);
  });
});
