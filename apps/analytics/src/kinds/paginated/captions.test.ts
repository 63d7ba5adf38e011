import { describe, expect, it } from 'vitest';
import { CONTENT_LANGUAGES } from '@portico/analytics-model';
import type { PageAnswer } from '@portico/analytics-model';
import { localizePage, PAGINATED_CAPTIONS } from './captions.ts';
import { DEVICE_ALERTS_REPORT } from './samples/device-alerts.ts';
import { INVOICE_CURRENCY, INVOICE_REPORT } from './samples/invoice.ts';
import { listedValues } from './values.ts';
import { PRINT_FLEET_DATASET } from '../../models/built-in.ts';

describe('the sample paginated reports in the seven portal languages', () => {
  for (const report of [INVOICE_REPORT, DEVICE_ALERTS_REPORT]) {
    it(`translate '${report.name}': name, description, every prompt, "all" label and fixed choice`, () => {
      const missing: string[] = [];
      for (const language of CONTENT_LANGUAGES.filter((l) => l !== 'en')) {
        const captions = PAGINATED_CAPTIONS[report.id]?.[language as 'de'];
        if (!captions?.name.trim() || !captions.description.trim()) missing.push(`${language}: name`);
        for (const parameter of report.parameters) {
          const found = captions?.parameters[parameter.name];
          if (!found?.prompt.trim()) missing.push(`${language}: ${parameter.name}`);
          if (parameter.allLabel !== undefined && !found?.allLabel?.trim())
            missing.push(`${language}: ${parameter.name} all`);
          // Choices that are a model column's listed values are labelled by the model's cultures (values.test.ts).
          if (Array.isArray(parameter.choices) && parameter.values !== undefined)
            for (const choice of parameter.choices as readonly { value: string }[])
              if (!listedValues(PRINT_FLEET_DATASET, parameter.values)?.has(choice.value))
                missing.push(`model: ${parameter.name}=${choice.value}`);
          if (Array.isArray(parameter.choices) && parameter.values === undefined)
            for (const choice of parameter.choices as readonly { value: string }[])
              if (!found?.choices?.[choice.value]?.trim())
                missing.push(`${language}: ${parameter.name}=${choice.value}`);
        }
      }
      expect(missing).toEqual([]);
    });
  }
});

describe('the invoice’s price parameters', () => {
  it('name the invoice’s currency in every language', () => {
    const prompts = ['MonoPrice', 'ColourPrice'].flatMap((name) => [
      INVOICE_REPORT.parameters.find((p) => p.name === name)?.prompt ?? '',
      ...CONTENT_LANGUAGES.filter((l) => l !== 'en').map(
        (l) => PAGINATED_CAPTIONS[INVOICE_REPORT.id]?.[l as 'de']?.parameters[name]?.prompt ?? '',
      ),
    ]);
    expect(prompts.filter((p) => !p.includes(`(${INVOICE_CURRENCY})`))).toEqual([]);
  });
});

describe('localizePage', () => {
  const page = {
    reportId: DEVICE_ALERTS_REPORT.id,
    name: 'Device alerts by site',
    parameters: [
      {
        name: 'Site',
        prompt: 'Site',
        type: 'String',
        multiValue: false,
        nullable: true,
        allLabel: 'All sites',
        values: [],
      },
      {
        name: 'Status',
        prompt: 'Status',
        type: 'String',
        multiValue: false,
        nullable: false,
        validValues: [
          { value: 'Open', label: 'Open' },
          { value: 'Closed', label: 'Closed' },
        ],
        values: ['Open'],
      },
    ],
    header: { title: 'Device alerts by site', lines: [] },
  } as unknown as PageAnswer;

  it('gives the name and the parameter panel in the language, and keeps the values and the sheet the run wrote', () => {
    const shown = localizePage(page, 'de-AT');
    expect(shown.name).toBe('Gerätemeldungen nach Standort');
    expect(shown.parameters.map((p) => [p.prompt, p.allLabel])).toEqual([
      ['Standort', 'Alle Standorte'],
      ['Status', undefined],
    ]);
    expect(shown.parameters[1]?.validValues).toEqual([
      { value: 'Open', label: 'Offen' },
      { value: 'Closed', label: 'Geschlossen' },
    ]);
    expect(shown.parameters[1]?.values).toEqual(['Open']);
    expect(shown.header?.title).toBe('Device alerts by site');
    expect(localizePage(page, 'en')).toBe(page);
    expect(localizePage({ ...page, reportId: 'other' }, 'de')).toEqual({ ...page, reportId: 'other' });
  });
});
