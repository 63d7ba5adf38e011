import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_IN_MODELS_DIR, loadModelFolder, ModelFolderError, readModelFolder } from './load-models.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'models-'));
  cpSync(BUILT_IN_MODELS_DIR, dir, { recursive: true });
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const MODEL = 'print-fleet.model.yaml';
const REPORT = 'reports/1-fleet-overview.report.yaml';
const file = (name: string) => join(dir, name);
/** Replaces the first occurrence of `from` in a file of the copied folder. */
function edit(name: string, from: string, to: string): void {
  const text = readFileSync(join(dir, name), 'utf8');
  expect(text).toContain(from);
  writeFileSync(join(dir, name), text.replace(from, to));
}
/** Line and column (from 1) of the first occurrence of `text` in a file. */
function where(name: string, text: string, occurrence = 1): { line: number; column: number } {
  const content = readFileSync(join(dir, name), 'utf8');
  let at = -1;
  for (let i = 0; i < occurrence; i += 1) at = content.indexOf(text, at + 1);
  const before = content.slice(0, at).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

describe('loadModelFolder', () => {
  it('loads a valid folder: the model with every table secured, and its reports', () => {
    const loaded = loadModelFolder(dir);
    expect(loaded.datasets.map((d) => d.name)).toEqual(['Print fleet']);
    expect(loaded.reports).toHaveLength(4);
    expect(loaded.files).toContain(MODEL);
  });

  it('names file, line and column of a YAML syntax error', () => {
    edit(MODEL, 'name: Print fleet', 'name: Print: fleet');
    const { problems } = readModelFolder(dir);
    expect(problems[0]?.file).toBe(file(MODEL));
    expect(problems[0]).toMatchObject(where(MODEL, 'Print: fleet'));
    expect(problems[0]?.message).toMatch(/mapping/);
  });

  it('points an unclosed { at the brace, not at the line where the parser missed its end', () => {
    edit(MODEL, 'source:\n      table: accounts\n', 'source: { table: accounts\n');
    const { problems } = readModelFolder(dir);
    const missed = where(MODEL, 'rowLevelSecurity:');
    expect(problems[0]).toMatchObject({ file: file(MODEL), ...where(MODEL, '{ table: accounts') });
    expect(problems[0]?.message).toBe(
      `this { is never closed: the flow mapping needs a } before line ${missed.line}, column ${missed.column}`,
    );
  });

  it('points an unclosed [ inside a closed { at its bracket, and one at the end of the file likewise', () => {
    // The } ends the [ as far as YAML reads it (a mismatched bracket); the last } closes the {.
    edit(MODEL, 'description: Printers,', 'description: { text: [Printers }, more: 1 }\nnote: Printers,');
    writeFileSync(file('more.model.yaml'), 'kind: model\nname: More\nworkspace: { id: fa8d, name: [x');
    const { problems } = readModelFolder(dir);
    const inModel = problems.filter((p) => p.file === file(MODEL));
    expect(inModel).toEqual([
      {
        file: file(MODEL),
        ...where(MODEL, '[Printers'),
        message: expect.stringMatching(
          /^this \[ is never closed: the flow sequence needs a \] before line 6, column \d+$/,
        ),
      },
    ]);
    expect(problems.filter((p) => p.file === file('more.model.yaml'))).toEqual([
      {
        file: file('more.model.yaml'),
        line: 3,
        column: 30,
        message: 'this [ is never closed: the flow sequence needs a ] before the end of the file',
      },
      {
        file: file('more.model.yaml'),
        line: 3,
        column: 12,
        message: 'this { is never closed: the flow mapping needs a } before the end of the file',
      },
    ]);
  });

  it('maps a schema error at a JSON path back to the YAML node: a wrong column type', () => {
    edit(MODEL, 'type: boolean', 'type: bool');
    const { problems } = readModelFolder(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: file(MODEL), ...where(MODEL, 'bool\n') });
    expect(problems[0]?.message).toMatch(
      /^table 'Devices', column '[^']+', type must be one of "string", .* \(got "bool"\)$/,
    );
  });

  it('names the measure by its name and lists the aggregations when one is misspelt, without the other kind of measure', () => {
    edit(MODEL, 'aggregation: sum', 'aggregation: total');
    const { problems } = readModelFolder(dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: file(MODEL), ...where(MODEL, 'total\n') });
    expect(problems[0]?.message).toMatch(
      /^table '[^']+', measure '[^']+', aggregation must be one of "sum", "avg", "count", "distinctCount", "min", "max" \(got "total"\)$/,
    );
  });

  it('points an unknown property at its name', () => {
    edit(MODEL, '        hidden: true', '        hiden: true');
    const { problems } = readModelFolder(dir);
    expect(problems).toEqual([
      { file: file(MODEL), ...where(MODEL, 'hiden'), message: "unknown property 'hiden'" },
    ]);
  });

  it('requires a row-level-security column on every table, and one the table has', () => {
    edit(MODEL, '    rowLevelSecurity:\n      column: Database name\n', '');
    expect(readModelFolder(dir).problems[0]?.message).toBe("table 'Accounts' needs 'rowLevelSecurity'");
    cpSync(BUILT_IN_MODELS_DIR, dir, { recursive: true });
    edit(MODEL, 'column: Database name\n    columns', 'column: Tenant\n    columns');
    const [problem] = readModelFolder(dir).problems;
    expect(problem).toMatchObject({ file: file(MODEL), ...where(MODEL, 'Tenant') });
    expect(problem?.message).toBe("the row-level-security column 'Tenant' is not a column of 'Accounts'");
  });

  it('checks what a schema cannot: a measure over a missing column, a relationship to a missing table', () => {
    edit(MODEL, 'column: Monthly duty cycle', 'column: Duty');
    edit(
      MODEL,
      '      table: Accounts\n      column: Database name',
      '      table: Acounts\n      column: Database name',
    );
    const messages = readModelFolder(dir).problems.map((p) => p.message);
    expect(messages).toContain(
      "'Duty' is not a column of 'Devices' (columns: Database name, Device ID, Serial number, Model, Manufacturer, Is colour, Colour or mono, Location, Site, Install date, Retired date, In service, Monthly duty cycle)",
    );
    expect(messages).toContain("'Acounts' is not a table of the model");
  });

  it('refuses a report that references a field its model does not have, at the field, with a clear message', () => {
    edit(REPORT, '                  measure: Devices\n', '                  measure: Printers\n');
    const { problems, models } = readModelFolder(dir);
    expect(models).toBeUndefined();
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ file: file(REPORT), line: where(REPORT, '- measure:').line });
    expect(problems[0]?.message).toMatch(
      /^report 'Fleet overview': pages\[0\]\.visuals\[0\]\.dataRoles\.values\[0\]: .*Printers/,
    );
  });

  it('refuses a report whose model is not in the folder', () => {
    edit(REPORT, 'model: 48c27e37-dbbd-4a5c-a6fc-79023eff1af4', 'model: Print fleat');
    expect(readModelFolder(dir).problems).toEqual([
      {
        file: file(REPORT),
        ...where(REPORT, 'Print fleat'),
        message: "no model with the id or name 'Print fleat' (models: Print fleet)",
      },
    ]);
  });

  it('throws a ModelFolderError listing every problem as file:line:column', () => {
    edit(MODEL, 'type: boolean', 'type: bool');
    edit(REPORT, 'kind: report', 'kind: raport');
    const error = (() => {
      try {
        loadModelFolder(dir);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(ModelFolderError);
    expect((error as ModelFolderError).problems).toHaveLength(2);
    expect((error as Error).message).toContain(`${file(MODEL)}:${where(MODEL, 'bool\n').line}:`);
    expect((error as Error).message).toContain(
      `${file(REPORT)}:${where(REPORT, 'raport').line}:7: the file needs`,
    );
  });

  it('refuses a folder without a model', () => {
    rmSync(join(dir, MODEL));
    rmSync(join(dir, 'reports'), { recursive: true });
    expect(readModelFolder(dir).problems[0]?.message).toBe('no model file (a .yaml file with kind: model)');
  });

  it('names a YAML alias bomb as a problem of its file instead of expanding it or throwing', () => {
    const lines = ['kind: model', 'a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]'];
    for (const [name, from] of [...'bcdefghi'].map((c, i) => [c, 'abcdefghi'[i]] as const))
      lines.push(`${name}: &${name} [${Array.from({ length: 9 }, () => `*${from}`).join(', ')}]`);
    writeFileSync(file('bomb.model.yaml'), `${lines.join('\n')}\n`);
    const started = Date.now();
    const { models, problems } = readModelFolder(dir);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(models).toBeUndefined();
    expect(problems).toEqual([
      expect.objectContaining({ file: file('bomb.model.yaml'), message: expect.stringMatching(/alias/i) }),
    ]);
  });

  it('refuses a file over 2 MB by its size, without reading it (a sparse 600 MB file)', () => {
    writeFileSync(file('huge.model.yaml'), '');
    truncateSync(file('huge.model.yaml'), 600 * 1024 * 1024);
    const { problems } = readModelFolder(dir);
    expect(problems).toEqual([
      { file: file('huge.model.yaml'), line: 1, column: 1, message: 'larger than 2097152 bytes' },
    ]);
  });

  it('does not follow a symbolic link out of the folder', () => {
    const outside = mkdtempSync(join(tmpdir(), 'models-outside-'));
    try {
      cpSync(join(dir, MODEL), join(outside, 'other.model.yaml'));
      symlinkSync(join(outside, 'other.model.yaml'), file('linked.model.yaml'));
      symlinkSync(outside, file('linked-folder'));
      const loaded = loadModelFolder(dir);
      expect(loaded.files.filter((f) => f.startsWith('linked'))).toEqual([]);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('refuses a file-set source that names a path outside the data folder, or anything but Parquet and CSV', () => {
    const own = mkdtempSync(join(tmpdir(), 'models-files-'));
    try {
      cpSync(fileURLToPath(new URL('../../../../examples/own-data/models', import.meta.url)), own, {
        recursive: true,
      });
      const model = join(own, 'support.model.yaml');
      const text = readFileSync(model, 'utf8');
      expect(text).toContain('files: tickets/*.csv');
      for (const files of [
        '../secret.csv',
        '/etc/passwd.csv',
        'tickets/../../secret.csv',
        'tickets/..\\..\\secret.csv',
        "x'.csv",
        '~/secret.csv',
        'C:/secret.csv',
        'tickets/*.csv; COPY',
        '/tmp/*.parquet',
        'tickets/*.json',
      ]) {
        writeFileSync(model, text.replace('files: tickets/*.csv', `files: ${JSON.stringify(files)}`));
        const { models, problems } = readModelFolder(own);
        const line = text.slice(0, text.indexOf('files: tickets/*.csv')).split('\n').length;
        // Refused at the source's lines (the union's messages), never loaded.
        expect({
          files,
          loaded: models !== undefined,
          lines: [...new Set(problems.map((p) => p.line))],
        }).toEqual({
          files,
          loaded: false,
          lines: [line],
        });
      }
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
