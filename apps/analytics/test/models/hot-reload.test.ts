import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { ephemeralSigningKey } from '../../src/auth/signing-key.ts';
import { BUILT_IN_MODELS_DIR, ModelFolderError } from '../../src/models/load-models.ts';
import { servicesOf } from '../../src/services.ts';
import { openTestFleet } from '../helpers/fleet.ts';
import type { TestFleet } from '../helpers/fleet.ts';
import { eventually } from '../helpers/eventually.ts';
import { REPORTS, testConfig } from '../helpers/test-app.ts';

const REPORT = 'reports/1-fleet-overview.report.yaml';
let data: TestFleet;
let dir: string;
let app: FastifyInstance;
const logged: string[] = [];

function edit(name: string, from: string, to: string): void {
  const text = readFileSync(join(dir, name), 'utf8');
  expect(text).toContain(from);
  writeFileSync(join(dir, name), text.replace(from, to));
}

const firstTitle = (): string | undefined =>
  servicesOf(app).content.report(REPORTS.fleetOverview)?.definition.pages[0]?.visuals[0]?.title;

beforeAll(async () => {
  data = await openTestFleet();
  dir = mkdtempSync(join(tmpdir(), 'models-reload-'));
  cpSync(BUILT_IN_MODELS_DIR, dir, { recursive: true });
  app = await buildApp({
    config: testConfig(data.dir, { ANALYTICS_MODELS_DIR: dir }),
    fleet: data.fleet,
    signingKey: await ephemeralSigningKey(),
    logger: pino({ level: 'info' }, { write: (line: string) => void logged.push(line) }),
  });
});
afterAll(async () => {
  await app.close();
  await data.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the model folder while the service runs', () => {
  it('serves a changed report file without a restart, as a new version of the report', async () => {
    expect(firstTitle()).toBe('Printers in service');
    const versionBefore = servicesOf(app).content.report(REPORTS.fleetOverview)?.version ?? 0;
    edit(REPORT, 'title: Printers in service', 'title: Printers at work');
    await eventually(() => firstTitle() === 'Printers at work', 'the changed title');
    expect(servicesOf(app).content.report(REPORTS.fleetOverview)?.version).toBe(versionBefore + 1);
  });

  it('keeps the last valid version serving when a change is invalid, and logs file:line:column', async () => {
    const before = logged.length;
    edit(REPORT, 'measure: Devices\n', 'measure: Printers\n');
    await eventually(
      () => logged.slice(before).some((line) => line.includes('the last valid version keeps serving')),
      'the refusal in the log',
    );
    const problem = logged
      .slice(before)
      .map((line) => JSON.parse(line) as { problem?: string })
      .find((entry) => entry.problem !== undefined)?.problem;
    expect(problem).toMatch(
      new RegExp(`${REPORT.replaceAll('.', '\\.')}:\\d+:\\d+: report 'Fleet overview': .*Printers`),
    );
    expect(firstTitle()).toBe('Printers at work');
    const res = await app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    edit(REPORT, 'measure: Printers\n', 'measure: Devices\n');
    edit(REPORT, 'title: Printers at work', 'title: Printers in service');
    await eventually(() => firstTitle() === 'Printers in service', 'the repaired file');
  });

  it('sees every save of an editor that writes a new file and renames it over the old one, valid or not', async () => {
    // Node's recursive fs.watch kept watching the replaced file, so the second such save went unseen.
    const replace = (from: string, to: string): void => {
      const text = readFileSync(join(dir, REPORT), 'utf8');
      expect(text).toContain(from);
      writeFileSync(join(dir, `${REPORT}.tmp`), text.replace(from, to));
      renameSync(join(dir, `${REPORT}.tmp`), join(dir, REPORT));
    };
    replace('title: Printers in service', 'title: Printers on site');
    await eventually(() => firstTitle() === 'Printers on site', 'the first replaced file');
    const before = logged.length;
    replace('measure: Devices\n', 'measure: Printers\n');
    await eventually(
      () => logged.slice(before).some((line) => line.includes('the last valid version keeps serving')),
      'the refusal of the second replaced file',
    );
    expect(firstTitle()).toBe('Printers on site');
    replace('measure: Printers\n', 'measure: Devices\n');
    replace('title: Printers on site', 'title: Printers in service');
    await eventually(() => firstTitle() === 'Printers in service', 'the third and fourth replaced files');
  });

  it('refuses to start on an invalid folder, naming every problem', async () => {
    edit('print-fleet.model.yaml', 'type: boolean', 'type: bool');
    await expect(
      buildApp({
        config: testConfig(data.dir, { ANALYTICS_MODELS_DIR: dir }),
        fleet: data.fleet,
        signingKey: await ephemeralSigningKey(),
        logger: false,
      }),
    ).rejects.toThrow(ModelFolderError);
    edit('print-fleet.model.yaml', 'type: bool', 'type: boolean');
  });
});
