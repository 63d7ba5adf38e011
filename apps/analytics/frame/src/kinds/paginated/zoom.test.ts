import { describe, expect, it } from 'vitest';
import { createPaginatedApi, fileNameOf } from './paginated-api.ts';
import { READABLE_TEXT_PX, sheetScale, SHEET_WIDTH_PX, ZOOM_WORDING } from './zoom.ts';

describe('sheetScale', () => {
  it('fits the sheet to the width the viewer has, never above 100 % nor below readable text', () => {
    expect(sheetScale('page-width', 1400)).toBe(1);
    expect(sheetScale('page-width', 760)).toBeCloseTo(760 / SHEET_WIDTH_PX, 5);
    // A phone: 11 px lines would shrink to 5 px, so the sheet keeps 10 px text and scrolls sideways.
    expect(sheetScale('page-width', 374) * 11).toBeCloseTo(READABLE_TEXT_PX, 5);
    expect(sheetScale(150, 374)).toBe(1.5);
  });

  it('has its menu words in the seven languages', () => {
    expect(Object.keys(ZOOM_WORDING).sort()).toEqual(['de', 'en', 'es', 'fr', 'ja', 'pl', 'ru']);
  });
});

describe('the export', () => {
  it('names the file by its filename* (the report in the viewer’s language), else its filename', () => {
    const german = `attachment; filename="Monthly page invoice.pdf"; filename*=UTF-8''${encodeURIComponent(
      'Monatliche Seitenabrechnung.pdf',
    )}`;
    expect(fileNameOf(german, 'report.pdf')).toBe('Monatliche Seitenabrechnung.pdf');
    expect(fileNameOf('attachment; filename="Device alerts by site.csv"', 'x')).toBe(
      'Device alerts by site.csv',
    );
    expect(fileNameOf(`attachment; filename="A.pdf"; filename*=UTF-8''%E0%A4%A`, 'x')).toBe('A.pdf');
    expect(fileNameOf(null, 'report.pdf')).toBe('report.pdf');
  });

  it('asks for the PDF in the embed’s language', async () => {
    const urls: string[] = [];
    const api = createPaginatedApi({
      language: 'de',
      fetch: async (url) => {
        urls.push(String(url));
        return new Response('%PDF-', {
          headers: { 'content-disposition': `attachment; filename="r.pdf"; filename*=UTF-8''Bericht.pdf` },
        });
      },
    });
    api.setToken('t');
    const file = await api.exportFile('p1', 'PDF', []);
    expect(urls).toEqual(['/frame-api/paginated-reports/p1/export?language=de']);
    expect(file.fileName).toBe('Bericht.pdf');
  });
});
