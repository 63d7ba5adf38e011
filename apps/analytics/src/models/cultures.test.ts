import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CONTENT_LANGUAGES, cultureFor } from '@portico/analytics-model';
import { BUILT_IN_MODELS } from './built-in.ts';
import { knownLanguage } from './cultures.ts';
import { BUILT_IN_MODELS_DIR, readModelFolder } from './load-models.ts';

const GERMAN = 'cultures/de.culture.yaml';
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cultures-'));
  cpSync(BUILT_IN_MODELS_DIR, dir, { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function edit(name: string, from: string, to: string): void {
  const text = readFileSync(join(dir, name), 'utf8');
  expect(text).toContain(from);
  writeFileSync(join(dir, name), text.replace(from, to));
}
/** Line and column (from 1) of the first occurrence of `text` in a file of the copied folder. */
function where(name: string, text: string): { line: number; column: number } {
  const content = readFileSync(join(dir, name), 'utf8');
  const before = content.slice(0, content.indexOf(text)).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}
const problemsOf = () => readModelFolder(dir).problems;

describe('culture files', () => {
  it('refuse a caption for a column the model does not have, at its name', () => {
    edit(GERMAN, '      Customer: Kunde', '      Customers: Kunde');
    expect(problemsOf()).toEqual([
      {
        file: join(dir, GERMAN),
        ...where(GERMAN, 'Customers: Kunde'),
        message: "'Customers' is not a column of 'Accounts'",
      },
    ]);
  });

  it('refuse an unknown language, a table, measure, page, visual or bookmark that does not exist', () => {
    edit(GERMAN, 'language: de', 'language: xx');
    edit(GERMAN, '  Calendar:', '  Calender:');
    edit(GERMAN, '      Total pages: Seiten gesamt', '      Total page: Seiten gesamt');
    edit(GERMAN, '      by-model:', '      by-modell:');
    edit(GERMAN, '          printers-in-service:', '          printers-on-service:');
    edit(GERMAN, '      hp-fleet:', '      hp-flotte:');
    const messages = problemsOf().map((p) => p.message);
    expect(messages).toEqual([
      "'xx' is not a known language (BCP 47: de, ja, pt-BR)",
      expect.stringMatching(
        /^'Calender' is not a table of 'Print fleet' \(tables: Accounts, Devices, Calendar/,
      ),
      "'Total page' is not a measure of 'Meter readings'",
      "'printers-on-service' is not a visual of page 'overview'",
      "'hp-flotte' is not a bookmark of report 'Fleet overview'",
      expect.stringMatching(
        /^'by-modell' is not a page of report 'Page volume' \(pages: trend, by-model, weekdays\)/,
      ),
    ]);
    expect(problemsOf().every((p) => p.file === join(dir, GERMAN) && p.line > 1)).toBe(true);
  });

  it('refuse a blank caption, a second culture of the same language and a report of no model', () => {
    edit(GERMAN, '      Region: Region', "      Region: ' '");
    expect(problemsOf()[0]).toMatchObject({ file: join(dir, GERMAN), ...where(GERMAN, "' '") });
    edit(GERMAN, "      Region: ' '", '      Region: Region');
    cpSync(join(dir, GERMAN), join(dir, 'cultures/de-2.culture.yaml'));
    edit('cultures/de-2.culture.yaml', 'language: de', 'language: DE');
    expect(problemsOf().map((p) => p.message)).toEqual([
      "another culture file translates 'Print fleet' into de",
    ]);
    rmSync(join(dir, 'cultures/de-2.culture.yaml'));
    edit(GERMAN, '  Fleet overview:', '  Fleet summary:');
    expect(problemsOf().map((p) => p.message)).toEqual([
      "'Fleet summary' is not the id or name of a report on 'Print fleet' (reports: Fleet overview, Page volume, Supplies, Service alerts)",
    ]);
  });

  it('refuse a value caption for a column, or a value, the model does not list, at its name', () => {
    edit(GERMAN, '        critical: Kritisch', '        fatal: Kritisch');
    edit(GERMAN, '      Status:\n', '      Alert ID:\n');
    edit(GERMAN, '      Month name:\n', '      Month names:\n');
    expect(problemsOf()).toEqual([
      {
        file: join(dir, GERMAN),
        ...where(GERMAN, 'Month names:'),
        message: "'Month names' is not a column of 'Calendar'",
      },
      {
        file: join(dir, GERMAN),
        ...where(GERMAN, 'fatal: Kritisch'),
        message: "'fatal' is not a listed value of 'Severity' (values: critical, warning, info)",
      },
      {
        file: join(dir, GERMAN),
        ...where(GERMAN, 'Alert ID:\n'),
        message: "column 'Alert ID' lists no values in the model (give it 'values' to caption them)",
      },
    ]);
  });

  it('refuse values listed on a column that is not text, or a value listed twice', () => {
    edit(
      'print-fleet.model.yaml',
      "        type: integer\n        format: '0'\n",
      "        type: integer\n        format: '0'\n        values:\n          - value: '2024'\n",
    );
    edit('print-fleet.model.yaml', '          - value: warning\n', '          - value: critical\n');
    expect(problemsOf().map((p) => [p.file, p.message])).toEqual([
      [join(dir, 'print-fleet.model.yaml'), "values are listed for text columns only ('Year' is integer)"],
      [join(dir, 'print-fleet.model.yaml'), "value 'critical' is listed twice"],
    ]);
  });

  it('knows real language tags and refuses made-up ones', () => {
    expect(['de', 'de-ch', 'ja', 'pt-BR', 'sr-Latn-RS'].map(knownLanguage)).toEqual([
      'de',
      'de-CH',
      'ja',
      'pt-BR',
      'sr-Latn-RS',
    ]);
    expect(['xx', 'de-XX', 'qq', 'd'].map(knownLanguage)).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('the sample content in the seven portal languages', () => {
  for (const language of CONTENT_LANGUAGES.filter((l) => l !== 'en')) {
    it(`translates every caption of the Print fleet model and its reports into ${language}`, () => {
      const culture = cultureFor(BUILT_IN_MODELS.cultures, language);
      expect(culture?.language).toBe(language);
      if (culture === undefined) return;
      const missing: string[] = [];
      const need = (what: string, caption: string | undefined) => {
        if (caption === undefined || caption.trim() === '') missing.push(what);
      };
      for (const dataset of BUILT_IN_MODELS.datasets) {
        need(`model ${dataset.name}`, culture.model.name);
        need(`model ${dataset.name} description`, culture.model.description);
        for (const table of dataset.tables) {
          const t = culture.model.tables?.[table.name];
          need(`table ${table.name}`, t?.caption);
          for (const c of table.columns) {
            need(`column ${table.name}.${c.name}`, t?.columns?.[c.name]);
            for (const v of c.values ?? [])
              need(`value ${table.name}.${c.name} = ${v.value}`, t?.values?.[c.name]?.[v.value]);
          }
          for (const m of table.measures) need(`measure ${table.name}.${m.name}`, t?.measures?.[m.name]);
          for (const h of table.hierarchies) {
            need(`hierarchy ${table.name}.${h.name}`, t?.hierarchies?.[h.name]?.caption);
            for (const l of h.levels)
              need(`level ${h.name}.${l.name}`, t?.hierarchies?.[h.name]?.levels?.[l.name]);
          }
        }
      }
      for (const report of BUILT_IN_MODELS.reports) {
        const r = culture.reports[report.id];
        need(`report ${report.name}`, r?.name);
        for (const page of report.definition.pages) {
          need(`page ${report.name}/${page.name}`, r?.pages?.[page.name]?.caption);
          for (const v of page.visuals)
            need(`visual ${page.name}/${v.name}`, r?.pages?.[page.name]?.visuals?.[v.name]);
        }
        for (const b of report.definition.bookmarks)
          need(`bookmark ${report.name}/${b.name}`, r?.bookmarks?.[b.name]);
      }
      expect(missing).toEqual([]);
    });
  }
});
