import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { HOSTILE_ACCOUNT, render, renderBytes } from './helpers.ts';

async function documentXml(...args: Parameters<typeof renderBytes>): Promise<string> {
  const files = unzipSync(new Uint8Array(await renderBytes(...args)));
  const xml = files['word/document.xml'];
  if (xml === undefined) throw new Error('no word/document.xml');
  return strFromU8(xml);
}

const texts = (xml: string) => [...xml.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]);

describe('DOCX reports', () => {
  it('are Word documents with the right content type and file name', () => {
    const report = render('fleet-summary', 'docx');
    expect(report.contentType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(report.fileName).toBe('Fleet summary.docx');
  });

  it('unzip to a document whose body holds the localised title, headings and table cells', async () => {
    const xml = await documentXml('fleet-summary', 'docx', { language: 'es' });
    const words = texts(xml);
    expect(words).toContain('Resumen de la flota');
    expect(words).toContain('Cifras clave');
    expect(words).toContain('Dispositivos con mayor volumen');
    expect(words).toContain('ID de dispositivo');
    expect(words.some((w) => w?.startsWith('tailspin-'))).toBe(true);
    expect(xml).toContain('<w:tbl>');
  });

  it('repeat each table header row on every page', async () => {
    const xml = await documentXml('monthly-usage-statement', 'docx');
    expect(xml.match(/<w:tblHeader\/>/g)?.length).toBe(2);
  });

  it('show the account, parameters and generation time in the document language', async () => {
    const words = texts(
      await documentXml('monthly-usage-statement', 'docx', { language: 'ru', parameters: { months: '3' } }),
    );
    expect(words).toContain('Ежемесячная выписка об использовании');
    expect(words).toContain('Учётная запись: ');
    expect(words).toContain('Tailspin Toys (tailspin)');
    expect(words).toContain('Период (месяцев): ');
    expect(words).toContain('Итоги по месяцам');
    // Three months ending June 2024, in Russian month names.
    expect(words.filter((w) => w !== undefined && /^(апрель|май|июнь) 2024/.test(w))).toHaveLength(3);
  });

  it('keep hostile account names as text, escaped in the document XML', async () => {
    const xml = await documentXml('fleet-summary', 'docx', { account: HOSTILE_ACCOUNT });
    expect(xml).not.toContain('<script>');
    expect(texts(xml).join('')).toContain('&lt;script&gt;');
  });
});
