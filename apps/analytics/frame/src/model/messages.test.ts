import { describe, expect, it } from 'vitest';
import { frameLanguage, menuMessages } from './messages.ts';

describe('the menus’ wording', () => {
  it('follows the primary language of a tag and reads English for an unknown or absent one', () => {
    expect(menuMessages('de-CH').seeData).toBe('Als Tabelle anzeigen');
    expect(menuMessages('PL').sortAscending('Model')).toBe('Model, rosnąco');
    expect(menuMessages('ru_RU').copyRefused).toMatch(/буфер обмена/);
    expect(menuMessages('xx').exportData).toBe('Export data');
    expect(menuMessages('fr').moreOptions('Ventes')).toBe('Plus d’options : Ventes');
    expect(menuMessages(undefined).exportData).toBe('Export data');
  });

  it('takes the load’s localeSettings.language before the embed URL’s language', () => {
    expect(frameLanguage({ localeSettings: { language: 'fr' } }, '?language=de')).toBe('fr');
    expect(frameLanguage({}, '?reportId=r&language=ja')).toBe('ja');
    expect(frameLanguage(undefined, '')).toBeUndefined();
  });
});
