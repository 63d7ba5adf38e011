import { describe, expect, it } from 'vitest';
import { contentDisposition } from '@portico/server-kit';
import { reportFileName } from './file-name.ts';

describe('reportFileName', () => {
  it('names the file in the language and gives an ASCII name without accents for old clients', () => {
    expect(reportFileName('Flottenübersicht', 'Fleet summary', 'docx')).toEqual({
      fileName: 'Flottenübersicht.docx',
      asciiFileName: 'Flottenubersicht.docx',
    });
    expect(reportFileName('Relevés quotidiens des compteurs', 'Daily meter readings', 'csv')).toEqual({
      fileName: 'Relevés quotidiens des compteurs.csv',
      asciiFileName: 'Releves quotidiens des compteurs.csv',
    });
    expect(
      reportFileName('Wymiany materiałów eksploatacyjnych', 'Supply replacements', 'xml').asciiFileName,
    ).toBe('Wymiany materialow eksploatacyjnych.xml');
  });

  it('falls back to the catalog name in ASCII for scripts that have no Latin form (Japanese, Russian)', () => {
    expect(reportFileName('フリート概要', 'Fleet summary', 'docx')).toEqual({
      fileName: 'フリート概要.docx',
      asciiFileName: 'Fleet summary.docx',
    });
    expect(reportFileName('Сводка по парку устройств', 'Fleet summary', 'docx')).toEqual({
      fileName: 'Сводка по парку устройств.docx',
      asciiFileName: 'Fleet summary.docx',
    });
    expect(reportFileName('Отчёт', 'Отчёт', 'csv').asciiFileName).toBe('report.csv');
  });

  it('replaces characters file systems refuse, drops invisible overrides and keeps names short', () => {
    expect(reportFileName('a/b\\c:d*e?f"g<h>i|j', 'x', 'csv').fileName).toBe('a_b_c_d_e_f_g_h_i_j.csv');
    // U+202E would show "report‮vsc.exe" as "reportexe.csv".
    expect(reportFileName('report\u202Evsc.exe', 'x', 'csv').fileName).toBe('reportvsc.exe.csv');
    expect(reportFileName('..hidden. ', 'x', 'csv').fileName).toBe('hidden.csv');
    expect(reportFileName('CON', 'x', 'csv').fileName).toBe('_CON.csv');
    expect(reportFileName('  ', 'Fleet summary', 'docx').fileName).toBe('Fleet summary.docx');
    const long = reportFileName('日'.repeat(400), 'x', 'csv').fileName;
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(255);
    expect(long.startsWith('日'.repeat(66))).toBe(true);
  });

  it('gives a Content-Disposition whose filename is ASCII and whose filename* decodes to the name', () => {
    const file = reportFileName('フリート概要', 'Fleet summary', 'docx');
    const header = contentDisposition('attachment', file.fileName, file.asciiFileName);
    expect(header).toBe(
      `attachment; filename="Fleet summary.docx"; filename*=UTF-8''${encodeURIComponent('フリート概要')}.docx`,
    );
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    expect(contentDisposition('inline', "it's (1)*.html")).toBe(
      `inline; filename="it's (1)*.html"; filename*=UTF-8''it%27s%20%281%29%2A.html`,
    );
  });
});
