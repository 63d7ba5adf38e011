import { describe, expect, it } from 'vitest';
import type { ColumnNeed, Measure } from './table-fit.ts';
import {
  allotColumns,
  CELL_PAD,
  columnNeed,
  cutColumn,
  cutText,
  headerAt,
  hyphenated,
  syllableBreaks,
  twoLineWidth,
} from './table-fit.ts';

/** Seven pixels a character, headers too: easy to reckon with. */
const mono: Measure = (text) => Array.from(text).length * 7;
const sum = (ws: readonly number[]) => ws.reduce((a, b) => a + b, 0);

describe('table columns', () => {
  it('break a header where its two lines are the narrowest, and keep a header without spaces whole', () => {
    expect(twoLineWidth('Average pages per unit', (t) => t.length)).toBe(13);
    expect(twoLineWidth('平均ページ数', (t) => t.length)).toBe(6);
  });

  it('never make a date or number column narrower than its widest value (2024-08-05 is not 2024-08)', () => {
    const date = columnNeed('Install date', ['2024-08-05', '2018-11-21'], true, mono, 13);
    const model = columnNeed('Model', ['imageRUNNER ADVANCE DX C5840i', 'IM C3000'], false, mono, 13);
    const location = columnNeed('Location', ['Main Building, Floor 1, Open Office West'], false, mono, 13);
    for (const width of [200, 300, 400, 800]) {
      const { widths } = allotColumns([model, location, date], width);
      expect(widths[2]).toBeGreaterThanOrEqual(10 * 7 + CELL_PAD);
    }
  });

  it('never cut the first column, which names the rows, under six em: a phone table that would read "i-SEN…" scrolls instead', () => {
    const model = (first: boolean) =>
      columnNeed(
        'Model',
        ['i-SENSYS MF455dw', 'Color LaserJet Enterprise M555dn'],
        false,
        mono,
        13,
        false,
        first,
      );
    const supply = columnNeed('Supply', ['Black toner', 'Magenta toner'], false, mono, 13);
    const count = columnNeed('Replacements', ['343'], true, mono, 13);
    const pages = columnNeed('Average pages per unit', ['22,069'], true, mono, 13);
    expect(model(true).least).toBe(6 * 13 + CELL_PAD);
    expect(model(false).least).toBe(3.5 * 13 + CELL_PAD);
    expect(supply.least).toBe(3.5 * 13 + CELL_PAD);
    const phone = allotColumns([model(true), supply, count, pages], 260);
    expect(phone.scrolls).toBe(true);
    expect(phone.widths[0]).toBeGreaterThanOrEqual(6 * 13 + CELL_PAD);
    // The same column in second place gives way to the numbers.
    expect(allotColumns([supply, model(false), count, pages], 260).scrolls).toBe(false);
  });

  it('cut text under six em only to keep a number in view: a list of alerts with none scrolls instead of reading "Firm…"', () => {
    const opened = columnNeed('Opened at', ['2026-11-07 17:46'], true, mono, 13);
    const code = columnNeed('Code', ['Firmware update', 'Drum near end'], false, mono, 13);
    const model = columnNeed('Model', ['imageRUNNER ADVANCE DX C5840i', 'IM C3000'], false, mono, 13);
    const location = columnNeed(
      'Location',
      ['Building A, Floor 3', 'Main Building, Floor 1'],
      false,
      mono,
      13,
    );
    const legible = 6 * 13 + CELL_PAD;
    // Room for every text at 3.5 em, not at 6 em.
    const room = opened.least + 3 * (3.5 * 13 + CELL_PAD) + 20;
    const alerts = allotColumns([opened, code, model, location], room);
    expect(alerts.scrolls).toBe(true);
    for (const width of alerts.widths.slice(1)) expect(width).toBeGreaterThanOrEqual(legible);
    // The same texts beside a number are cut deeper, and the number stays in the box.
    const pages = columnNeed('Pages', ['1,431'], true, mono, 13);
    const withNumber = allotColumns([code, model, location, pages], room - opened.least + pages.least);
    expect(withNumber.scrolls).toBe(false);
    expect(Math.min(...withNumber.widths.slice(0, 3))).toBeLessThan(legible);
  });

  it('cut the widest text column first so the numbers stay in the box (Printers and their pages at 1024)', () => {
    const serial = columnNeed('Serial number', ['3100CE0PLDY4K'], false, mono, 13);
    const model = columnNeed('Model', ['imageRUNNER ADVANCE DX C5840i'], false, mono, 13);
    const site = columnNeed('Site', ['São Paulo'], false, mono, 13);
    const location = columnNeed('Location', ['Main Building, Floor 1, Open Office West'], false, mono, 13);
    const pages = columnNeed('Total pages', ['1,431,718'], true, mono, 13);
    const available = 620;
    const { widths, scrolls } = allotColumns([serial, model, site, location, pages], available);
    expect(scrolls).toBe(false);
    expect(sum(widths)).toBeCloseTo(available, 0);
    // The short ones whole, the long ones cut to the same width, the number whole (its header on two lines).
    expect(widths[0]).toBe(serial.natural);
    expect(widths[2]).toBe(site.natural);
    expect(widths[1]).toBeCloseTo(widths[3] ?? 0, 0);
    expect(widths[1]).toBeLessThan(model.natural);
    expect(widths[4]).toBe(pages.wrapped);
    expect(widths[4]).toBeGreaterThanOrEqual(9 * 7 + CELL_PAD);
  });

  it('wrap headers before cutting any text', () => {
    const account = columnNeed('Account', ['Acme Corporation'], false, mono, 13);
    const slowest = columnNeed('Slowest first response', ['1,918'], true, mono, 13);
    const oneLine = account.natural + slowest.natural;
    const { widths } = allotColumns([account, slowest], oneLine - 30);
    expect(widths[0]).toBe(account.natural);
    expect(widths[1]).toBeLessThan(slowest.natural);
    expect(widths[1]).toBeGreaterThanOrEqual(slowest.wrapped);
  });

  it('scroll only where every text is at its least, the box’s edge falling between two columns', () => {
    const needs: ColumnNeed[] = [
      { natural: 200, wrapped: 200, least: 80 },
      { natural: 90, wrapped: 70, least: 70 },
      { natural: 90, wrapped: 70, least: 70 },
      { natural: 90, wrapped: 70, least: 70 },
    ];
    const { widths, scrolls } = allotColumns(needs, 250);
    expect(scrolls).toBe(true);
    // 80 + 70 + 70 = 220 fit: those three fill the 250 pixels, the fourth starts at the edge.
    expect(sum(widths.slice(0, 3))).toBeCloseTo(250, 5);
    expect(widths[3]).toBe(70);
    expect(widths[1]).toBeGreaterThanOrEqual(70);
  });

  it('keep serial numbers whole and cut long prose only so far where the table scrolls with no number in its first view', () => {
    const serial = columnNeed('Serial number', ['3100CE0PLDY4K', '3TBCB0HWBN9G'], false, mono, 8);
    const location = columnNeed(
      'Location',
      ['Main Building, Floor 1, Reception and mail room'],
      false,
      mono,
      8,
    );
    const site = columnNeed('Site', ['São Paulo'], false, mono, 8);
    const pages = columnNeed('Total pages', ['55,473'], true, mono, 8);
    const needs = [serial, location, site, site, pages, pages];
    // Too narrow for the columns before the first number even cut.
    expect(serial.least + location.least + 2 * site.least + pages.least).toBeGreaterThan(200);
    const { widths, scrolls } = allotColumns(needs, 200);
    expect(scrolls).toBe(true);
    expect(widths[0]).toBeGreaterThanOrEqual(13 * 7 + CELL_PAD);
    expect(widths[1]).toBeGreaterThanOrEqual(10 * 8 + CELL_PAD);
    expect(widths[1]).toBeLessThan(location.wrapped);
    expect(widths[1]).toBeGreaterThan(location.least);
  });

  it('show the first number in a scrolling table’s first view where the columns before it fit cut (the 20 busiest printers on a phone)', () => {
    const serial = columnNeed(
      'Serial number',
      ['3TBUJ1M56HS4', '3100MX09KCEBO'],
      false,
      mono,
      13,
      false,
      true,
    );
    const model = columnNeed('Model', ['imageRUNNER ADVANCE DX C5840i', 'AltaLink B8145'], false, mono, 13);
    const site = columnNeed('Site', ['Bangalore', 'Chicago'], false, mono, 13);
    const total = columnNeed('Total pages', ['1,755,556'], true, mono, 13);
    const daily = columnNeed('Average daily pages', ['2,404.9'], true, mono, 13);
    const available = serial.wrapped + model.least + site.least + total.wrapped + 20;
    const { widths, scrolls } = allotColumns([serial, model, site, total, daily], available);
    expect(scrolls).toBe(true);
    // The first view ends after Total pages, the serial numbers whole, the texts sharing the rest.
    expect(sum(widths.slice(0, 4))).toBeCloseTo(available, 5);
    expect(widths[0]).toBe(serial.wrapped);
    expect(widths[3]).toBeGreaterThanOrEqual(total.least);
    expect(widths[4]).toBe(daily.scroll);
    // Narrower, the serial numbers give way too, down to the first column's six em.
    const phone = allotColumns(
      [serial, model, site, total, daily],
      serial.least + 2 * model.least + total.least,
    );
    expect(sum(phone.widths.slice(0, 4))).toBeCloseTo(serial.least + 2 * model.least + total.least, 5);
    expect(phone.widths[0]).toBeLessThan(serial.wrapped);
  });

  it('cut a matrix’s row headers in the middle, so two models of one maker stay apart', () => {
    const rows = [
      'Canon › imageRUNNER ADVANCE DX C5840i',
      'Canon › imageRUNNER ADVANCE DX C5850i',
      'Brother › HL-L6210DW',
    ];
    const cuts = cutColumn(rows, 20 * 7, mono, 'middle');
    const shown = rows.map((r) => cuts.get(r));
    expect(new Set(shown).size).toBe(3);
    expect(shown[0]).toMatch(/^Canon › im.*….*C5840i$/);
    expect(shown[2]).toBe('Brother › HL-L6210DW');
    for (const s of shown) expect(mono(s ?? '')).toBeLessThanOrEqual(20 * 7);
    // At the end (a table's cells) the two would read the same.
    const atEnd = cutColumn(rows, 20 * 7, mono);
    expect(atEnd.get(rows[0] ?? '')).toBe('Canon › imageRUNNER…');
    expect(atEnd.get(rows[1] ?? '')).toBe('Canon › imageRUNNER…');
    expect(cutText('Main Building, Floor 1, Legal', 10 * 7, mono, 'end')).toBe('Main Buil…');
  });

  it('cut a table’s cells at the end, or in the middle where the end would make rows read the same', () => {
    const models = ['Color LaserJet Pro M454dw', 'Color LaserJet Enterprise M555dn', 'i-SENSYS MF455dw'];
    const apart = cutColumn(models, 11 * 7, mono, 'apart');
    expect(new Set(apart.values()).size).toBe(3);
    expect(apart.get(models[0] ?? '')).toMatch(/^Color….*454dw$/);
    expect(cutColumn(models, 11 * 7, mono, 'end').get(models[1] ?? '')).toBe('Color Lase…');
    // Texts that stay apart cut at the end are cut at the end.
    const supplies = ['Black toner', 'Magenta toner', 'Yellow toner', 'Drum'];
    const ends = cutColumn(supplies, 6 * 7, mono, 'apart');
    expect(ends.get('Magenta toner')).toBe('Magen…');
    expect(ends.get('Drum')).toBe('Drum');
    // Too narrow to keep four letters of each start: the end's cut, as readable as any ("IM…00" told nothing).
    const narrow = cutColumn(['IM C6000', 'IM C3001', 'imageRUNNER 2630i'], 5 * 7, mono, 'apart');
    expect(narrow.get('IM C3001')).toBe('IM C…');
    // Prose is read from its start: cut at the end even where rows then read alike.
    const places = ['Building A, Floor 2, Legal', 'Building A, Floor 3, Sales', 'Main Building, Floor 1'];
    expect(cutColumn(places, 10 * 7, mono, 'apart').get(places[0] ?? '')).toBe('Building…');
  });

  it('cut prose columns before a serial number', () => {
    const serial = columnNeed('Serial number', ['3100CE0PLDY4K', '3TBCB0HWBN9G'], false, mono, 13);
    const location = columnNeed('Location', ['Main Building, Floor 1, Open Office West'], false, mono, 13);
    const pages = columnNeed('Total pages', ['1,431,718'], true, mono, 13);
    expect(serial.cutLast).toBe(true);
    expect(location.cutLast).toBe(false);
    const room = serial.wrapped + location.least + pages.wrapped + 10;
    const { widths } = allotColumns([serial, location, pages], room);
    expect(widths[0]).toBe(serial.wrapped);
    expect(widths[1]).toBeCloseTo(location.least + 10, 5);
  });

  it('break a header word between syllables, with a hyphen, and leave codes and Japanese whole', () => {
    const shown = (h: string) => hyphenated(h).replaceAll('\u00ad', '-');
    expect(shown('Минимальный уровень')).toBe('Ми-ни-маль-ный уро-вень');
    expect(shown('Verbrauchsmaterial')).toBe('Ver-brauchs-ma-te-rial');
    expect(shown('Niedrigster Füllstand')).toBe('Nie-drig-ster Füll-stand');
    expect(shown('Wechsel')).toBe('Wech-sel');
    expect(syllableBreaks('3100CE0PLDY4K')).toEqual([]);
    expect(syllableBreaks('最低残量')).toEqual([]);
    // Only a column narrower than a word shows it broken.
    expect(headerAt('Wechsel', 7 * 7, mono)).toBe('Wechsel');
    expect(headerAt('Wechsel', 5 * 7, mono)).toBe('Wech\u00adsel');
  });

  it('let a number’s column be as narrow as its values where its header’s words break (Минимальный уровень on a phone)', () => {
    const level = columnNeed('Минимальный уровень', ['12,0 %', '8,5 %'], true, mono, 13);
    // Its widest syllable, "маль-", and its values are narrower than the 3.5 em a header line keeps.
    expect(level.least).toBe(3.5 * 13 + CELL_PAD);
    expect(level.least).toBeLessThan(mono('Минимальный') + CELL_PAD);
    // A text column's header breaks as far as its texts are cut.
    const supply = columnNeed('Расходный материал', ['Чёрный тонер', 'Пурпурный тонер'], false, mono, 13);
    expect(supply.least).toBe(3.5 * 13 + CELL_PAD);
    const serial = columnNeed('Серийный номер', ['G78FP0UVZYPW'], false, mono, 13, false, true);
    const model = columnNeed('Модель', ['imageRUNNER 2630i', 'IM C6000'], false, mono, 13);
    const site = columnNeed('Площадка', ['Berlin', 'Chicago'], false, mono, 13);
    const { widths, scrolls } = allotColumns([serial, model, site, supply, level], 335);
    expect(scrolls).toBe(false);
    expect(widths[4]).toBeGreaterThanOrEqual(mono('12,0 %') + CELL_PAD);
  });

  it('bring the numbers after the first into a scrolling table’s first view where they fit (the pages per unit the title names)', () => {
    const model = columnNeed('Modell', ['Color LaserJet Enterprise M555dn'], false, mono, 13, false, true);
    const supply = columnNeed('Verbrauchsmaterial', ['Toner Schwarz'], false, mono, 13);
    const count = columnNeed('Wechsel', ['343'], true, mono, 13);
    const pages = columnNeed('Ø Seiten pro Einheit', ['22.069'], true, mono, 13);
    const site = columnNeed('Standort', ['São Paulo'], false, mono, 13);
    const needs = [model, supply, count, pages, site, site];
    const available = model.least + supply.least + count.least + pages.least + 10;
    const { widths, scrolls } = allotColumns(needs, available);
    expect(scrolls).toBe(true);
    // The first view ends after the second number, not after Wechsel.
    expect(sum(widths.slice(0, 4))).toBeCloseTo(available, 5);
    expect(widths[3]).toBeGreaterThanOrEqual(pages.least);
  });

  it('give a scroll’s spare room to the text columns, not to the number at the box’s edge', () => {
    const serial = columnNeed('Serial number', ['3TBUJ1M56HS4'], false, mono, 13, false, true);
    const model = columnNeed('Model', ['AltaLink B8145'], false, mono, 13);
    const total = columnNeed('Total pages', ['1,755,556'], true, mono, 13);
    const location = columnNeed('Location', ['Main Building, Floor 1, Open Office West'], false, mono, 13);
    const needs = [serial, model, total, location, location, location];
    // Every column up to the number fits whole, with 60 pixels to spare; the locations do not, even cut.
    const available = serial.natural + model.natural + total.natural + 60;
    const { widths, scrolls } = allotColumns(needs, available);
    expect(scrolls).toBe(true);
    expect(sum(widths.slice(0, 3))).toBeCloseTo(available, 5);
    expect(widths[2]).toBe(total.natural);
    expect(widths[0]).toBeCloseTo(serial.natural + 30, 5);
    expect(widths[1]).toBeCloseTo(model.natural + 30, 5);
  });
});
