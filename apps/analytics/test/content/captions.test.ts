/**
 * Captions in the viewer's language through real HTTP: the report list the portal shows, and the report, captions
 * and dataset the frame loads (`?language=`), with names and filter targets unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicDataset, ReportCaptions, ReportDefinition } from '@portico/analytics-model';
import { apiToken, createTestApp, embedToken, REPORTS, WORKSPACE_ID } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let base: string;
let api: string;
let viewer: string;
beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  api = await apiToken(t.app);
  viewer = await embedToken(t.app, { permissions: 'Edit' });
});
afterAll(async () => t.close());

async function get(path: string, token: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
}
const names = async (query: string) =>
  (
    (await get(`/v1/workspaces/${WORKSPACE_ID}/reports${query}`, api)).body as { value: { name: string }[] }
  ).value.map((r) => r.name);

interface LoadedReport {
  report: { name: string; definition: ReportDefinition };
  dataset: PublicDataset;
  captions: ReportCaptions;
}

describe('report names in the listing', () => {
  it('come in the asked language, in English without one or for a language without translations', async () => {
    // In the reader's alphabetical order.
    expect(await names('?language=de')).toEqual([
      'Druckvolumen',
      'Flottenübersicht',
      'Servicemeldungen',
      'Verbrauchsmaterial',
    ]);
    expect(await names('?language=ru-RU')).toEqual([
      'Обзор парка',
      'Объём печати',
      'Расходные материалы',
      'Сервисные оповещения',
    ]);
    const english = ['Fleet overview', 'Page volume', 'Service alerts', 'Supplies'];
    expect(await names('')).toEqual(english);
    expect(await names('?language=sv')).toEqual(english);
  });

  it('refuse a language that is not a language tag with 400 and a code', async () => {
    const { status, body } = await get(`/v1/workspaces/${WORKSPACE_ID}/reports?language=%3Cscript%3E`, api);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: expect.any(String), message: expect.stringContaining('language') });
  });
});

describe('the report the frame loads', () => {
  it('has captions and field names in the language, its definition and every name as stored', async () => {
    const { status, body } = await get(`/frame-api/reports/${REPORTS.fleetOverview}?language=de`, viewer);
    expect(status).toBe(200);
    const { report, dataset, captions } = body as LoadedReport;
    expect(report.name).toBe('Flottenübersicht');
    expect(report.definition.pages.map((p) => p.displayName)).toEqual(['Overview', 'Printers', 'Sites']);
    expect(captions.pages).toEqual({ overview: 'Übersicht', devices: 'Drucker', sites: 'Standorte' });
    expect(captions.visuals['overview']?.['top-models']).toBe('Top 10 Modelle nach gedruckten Seiten');
    expect(captions.bookmarks['colour-printers']).toBe('Nur Farbdrucker');
    const devices = dataset.tables.find((table) => table.name === 'Devices');
    expect(devices?.displayName).toBe('Geräte');
    expect(devices?.columns.find((c) => c.name === 'Site')?.displayName).toBe('Standort');
    const readings = dataset.tables.find((table) => table.name === 'Meter readings');
    expect(readings?.measures.find((m) => m.name === 'Total pages')?.displayName).toBe('Seiten gesamt');
  });

  it('shows the default captions without a language', async () => {
    const { body } = await get(`/frame-api/reports/${REPORTS.fleetOverview}`, viewer);
    const { report, captions, dataset } = body as LoadedReport;
    expect(report.name).toBe('Fleet overview');
    expect(captions).toEqual({ language: '', pages: {}, visuals: {}, bookmarks: {} });
    expect(dataset.tables.find((table) => table.name === 'Devices')?.displayName).toBe('Devices');
  });

  it('keeps a page someone renamed and saved as they named it, in every language', async () => {
    const loaded = (await get(`/frame-api/reports/${REPORTS.fleetOverview}`, viewer)).body as LoadedReport & {
      report: { version: number };
    };
    const definition = loaded.report.definition;
    const renamed = {
      ...definition,
      pages: definition.pages.map((p) => (p.name === 'sites' ? { ...p, displayName: 'Our offices' } : p)),
    };
    const saved = await fetch(`${base}/frame-api/reports/${REPORTS.fleetOverview}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${viewer}`, 'content-type': 'application/json' },
      body: JSON.stringify({ definition: renamed, baseVersion: loaded.report.version }),
    });
    expect(saved.status).toBe(200);
    const { captions } = (await get(`/frame-api/reports/${REPORTS.fleetOverview}?language=fr`, viewer))
      .body as LoadedReport;
    expect(captions.pages).toEqual({ overview: "Vue d'ensemble", devices: 'Imprimantes' });
  });
});
