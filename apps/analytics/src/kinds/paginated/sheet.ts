/**
 * The language a paginated sheet is written in: what every sample report's sheet shares (the "continued" heading,
 * "Page X of Y") in the seven portal languages, the locale its numbers and dates are formatted in (through the model
 * package's `formatCell`), and the helpers the samples' own tables (`samples/*-text.ts`) are filled in with.
 *
 * ```ts
 * const sheet = sheetFor('de-AT'); // { language: 'de', locale: 'de-AT', … }
 * sheet.number(3551); // '3.551'
 * fill(sheet.words.pageOf, { page: '1', pages: '3' }); // 'Seite 1 von 3'
 * ```
 */
import { CONTENT_LANGUAGES, formatCell } from '@portico/analytics-model';
import type { CellFormat, ContentLanguage } from '@portico/analytics-model';
import type { ValueCaption } from './values.ts';

/** A text with `{name}` placeholders. */
export type Template = string;

/** A count's text by the language's plural category (Intl.PluralRules); `other` always, the rest as the language has them. */
export type Plural = Readonly<Partial<Record<Intl.LDMLPluralRule, Template>>> & { readonly other: Template };

/** The words every sheet draws outside its report's own text. */
export interface SheetWords {
  /** The page header of a page that starts inside a group: `{group}` is the group's heading. */
  readonly continued: Template;
  /** The footer and the PDF: `{page}`, `{pages}`. */
  readonly pageOf: Template;
}

export const SHEET_WORDS: Readonly<Record<ContentLanguage, SheetWords>> = {
  en: { continued: '{group} (continued)', pageOf: 'Page {page} of {pages}' },
  de: { continued: '{group} (Fortsetzung)', pageOf: 'Seite {page} von {pages}' },
  es: { continued: '{group} (continuación)', pageOf: 'Página {page} de {pages}' },
  fr: { continued: '{group} (suite)', pageOf: 'Page {page} sur {pages}' },
  ja: { continued: '{group}（続き）', pageOf: '{page} / {pages} ページ' },
  pl: { continued: '{group} (ciąg dalszy)', pageOf: 'Strona {page} z {pages}' },
  ru: { continued: '{group} (продолжение)', pageOf: 'Страница {page} из {pages}' },
};

/** The sheet's language and locale, with its shared words and its formatters. */
export interface Sheet {
  /** One of the seven languages; English for any other request. */
  readonly language: ContentLanguage;
  /** The BCP 47 tag numbers and dates are written in: the requested tag when it is of `language`, else its default. */
  readonly locale: string;
  readonly words: SheetWords;
  /** A cell value as the sheet writes it (`formatCell` in the locale; amounts and prices in `currency` when given). */
  format(value: string | number | null, format: CellFormat, currency?: string): string;
  /** A whole number, grouped. */
  number(value: number): string;
  /** `forms` for `count`, its `{count}` filled in. */
  plural(forms: Plural, count: number): string;
  /** A fixed choice's label (a parameter's `value`) in the sheet's language. */
  choice(parameter: string, value: string): string;
  /** A listed value's caption in the report's model, in the sheet's language (values.ts); the value when unlisted. */
  value: ValueCaption;
}

const DEFAULT_LOCALES: Readonly<Record<ContentLanguage, string>> = {
  en: 'en-US',
  de: 'de-DE',
  es: 'es-ES',
  fr: 'fr-FR',
  ja: 'ja-JP',
  pl: 'pl-PL',
  ru: 'ru-RU',
};

/**
 * `template` with each `{name}` replaced by `values[name]` (an unknown name stays as it is).
 *
 * @example fill('Page {page} of {pages}', { page: '2', pages: '5' }) // → 'Page 2 of 5'
 */
export function fill(template: Template, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/**
 * The sheet for a requested language (`de-AT` is German written in de-AT; blank or unknown is English, en-US);
 * `choice` labels the report's fixed parameter choices and `value` the model's listed values in that language (the
 * value itself by default).
 */
export function sheetFor(
  requested: string | undefined,
  labels: { choice?: Sheet['choice']; value?: ValueCaption } = {},
): Sheet {
  const { choice = (_parameter, raw) => raw, value = (_link, raw) => raw } = labels;
  const tag = (requested ?? '').trim().replaceAll('_', '-');
  const primary = tag.toLowerCase().split('-')[0] ?? '';
  const language = (CONTENT_LANGUAGES as readonly string[]).includes(primary)
    ? (primary as ContentLanguage)
    : 'en';
  let locale = DEFAULT_LOCALES[language];
  if (language !== 'en' && tag.includes('-')) {
    try {
      locale = Intl.getCanonicalLocales(tag)[0] ?? locale;
    } catch {
      // A malformed tag writes in the language's default locale.
    }
  }
  const rules = new Intl.PluralRules(locale);
  const format = (value: string | number | null, cellFormat: CellFormat, currency?: string) =>
    formatCell(value, cellFormat, locale, currency);
  return {
    language,
    locale,
    words: SHEET_WORDS[language],
    format,
    number: (value) => format(value, 'integer'),
    plural: (forms, count) =>
      fill(forms[rules.select(count)] ?? forms.other, { count: format(count, 'integer') }),
    choice,
    value,
  };
}
