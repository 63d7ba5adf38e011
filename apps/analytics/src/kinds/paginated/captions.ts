/**
 * The sample paginated reports' names, descriptions, parameter prompts, "all" labels and fixed choices in the
 * portal's languages other than English (the samples' own, in samples/), by report id and language; a parameter
 * whose choices are a model column's listed values (Severity) is labelled by the model's cultures instead (run.ts,
 * values.ts), as the sheet's cells of that column. The frame's page answer shows them for `?language=` (`de-AT`
 * reads `de`), and the PDF is titled with the name; the text of the sheet itself is in each sample's own table
 * (`samples/*-text.ts`, read through `sheet.ts`).
 */
import type { PageAnswer } from '@portico/analytics-model';
import { cultureFor } from '@portico/analytics-model';
import { DEVICE_ALERTS_REPORT_ID } from './samples/device-alerts.ts';
import { INVOICE_CURRENCY, INVOICE_REPORT_ID } from './samples/invoice.ts';

export interface PaginatedCaptions {
  readonly name: string;
  readonly description: string;
  /** Parameter name → its prompt, its blank value's label and its fixed choices' labels by value. */
  readonly parameters: Readonly<
    Record<
      string,
      {
        readonly prompt: string;
        readonly allLabel?: string;
        readonly choices?: Readonly<Record<string, string>>;
      }
    >
  >;
}

type Translations = Readonly<Record<'de' | 'es' | 'fr' | 'ja' | 'pl' | 'ru', PaginatedCaptions>>;

const INVOICE: Translations = {
  de: {
    name: 'Monatliche Seitenabrechnung',
    description: 'S/W- und Farbseiten eines Kontos in einem Monat, je Gerät und Standort, mit Seitenpreisen.',
    parameters: {
      Account: { prompt: 'Konto' },
      Month: { prompt: 'Monat' },
      Site: { prompt: 'Standort', allLabel: 'Alle Standorte' },
      MonoPrice: { prompt: `Preis pro S/W-Seite (${INVOICE_CURRENCY})` },
      ColourPrice: { prompt: `Preis pro Farbseite (${INVOICE_CURRENCY})` },
    },
  },
  es: {
    name: 'Factura mensual de páginas',
    description:
      'Páginas en B/N y en color de una cuenta en un mes, por dispositivo y sede, con precio por página.',
    parameters: {
      Account: { prompt: 'Cuenta' },
      Month: { prompt: 'Mes' },
      Site: { prompt: 'Sede', allLabel: 'Todas las sedes' },
      MonoPrice: { prompt: `Precio por página en B/N (${INVOICE_CURRENCY})` },
      ColourPrice: { prompt: `Precio por página en color (${INVOICE_CURRENCY})` },
    },
  },
  fr: {
    name: 'Facture mensuelle des pages',
    description:
      "Pages mono et couleur d'un compte sur un mois, par équipement et par site, au prix à la page.",
    parameters: {
      Account: { prompt: 'Compte' },
      Month: { prompt: 'Mois' },
      Site: { prompt: 'Site', allLabel: 'Tous les sites' },
      MonoPrice: { prompt: `Prix par page mono (${INVOICE_CURRENCY})` },
      ColourPrice: { prompt: `Prix par page couleur (${INVOICE_CURRENCY})` },
    },
  },
  ja: {
    name: '月次印刷枚数請求書',
    description:
      '1か月間のアカウントのモノクロ・カラー印刷枚数を、デバイス・拠点別にページ単価で計算します。',
    parameters: {
      Account: { prompt: 'アカウント' },
      Month: { prompt: '月' },
      Site: { prompt: '拠点', allLabel: 'すべての拠点' },
      MonoPrice: { prompt: `モノクロ1枚あたりの単価 (${INVOICE_CURRENCY})` },
      ColourPrice: { prompt: `カラー1枚あたりの単価 (${INVOICE_CURRENCY})` },
    },
  },
  pl: {
    name: 'Miesięczna faktura za strony',
    description:
      'Strony mono i kolorowe jednego konta w miesiącu, według urządzenia i oddziału, wycenione za stronę.',
    parameters: {
      Account: { prompt: 'Konto' },
      Month: { prompt: 'Miesiąc' },
      Site: { prompt: 'Oddział', allLabel: 'Wszystkie oddziały' },
      MonoPrice: { prompt: `Cena za stronę mono (${INVOICE_CURRENCY})` },
      ColourPrice: { prompt: `Cena za stronę kolorową (${INVOICE_CURRENCY})` },
    },
  },
  ru: {
    name: 'Ежемесячный счёт за страницы',
    description:
      'Ч/б и цветные страницы учётной записи за месяц по устройствам и площадкам, по цене за страницу.',
    parameters: {
      Account: { prompt: 'Учётная запись' },
      Month: { prompt: 'Месяц' },
      Site: { prompt: 'Площадка', allLabel: 'Все площадки' },
      MonoPrice: { prompt: `Цена ч/б страницы (${INVOICE_CURRENCY})` },
      ColourPrice: { prompt: `Цена цветной страницы (${INVOICE_CURRENCY})` },
    },
  },
};

const DEVICE_ALERTS: Translations = {
  de: {
    name: 'Gerätemeldungen nach Standort',
    description:
      'Die Geräte mit den in einem Zeitraum gemeldeten Servicemeldungen, nach Konto und Standort gruppiert.',
    parameters: {
      Accounts: { prompt: 'Konten' },
      From: { prompt: 'Gemeldet ab' },
      To: { prompt: 'Gemeldet bis' },
      Site: { prompt: 'Standort', allLabel: 'Alle Standorte' },
      Severity: { prompt: 'Schweregrad' },
      Status: {
        prompt: 'Status',
        choices: { All: 'Offen und geschlossen', Open: 'Offen', Closed: 'Geschlossen' },
      },
    },
  },
  es: {
    name: 'Alertas de dispositivos por sede',
    description:
      'Los dispositivos con las alertas de servicio abiertas en un periodo, agrupados por cuenta y sede.',
    parameters: {
      Accounts: { prompt: 'Cuentas' },
      From: { prompt: 'Abiertas desde' },
      To: { prompt: 'Abiertas hasta' },
      Site: { prompt: 'Sede', allLabel: 'Todas las sedes' },
      Severity: { prompt: 'Gravedad' },
      Status: {
        prompt: 'Estado',
        choices: { All: 'Abiertas y cerradas', Open: 'Abiertas', Closed: 'Cerradas' },
      },
    },
  },
  fr: {
    name: 'Alertes des équipements par site',
    description:
      'Les équipements et les alertes de maintenance ouvertes sur une période, groupés par compte et par site.',
    parameters: {
      Accounts: { prompt: 'Comptes' },
      From: { prompt: 'Ouvertes à partir du' },
      To: { prompt: "Ouvertes jusqu'au" },
      Site: { prompt: 'Site', allLabel: 'Tous les sites' },
      Severity: { prompt: 'Gravité' },
      Status: {
        prompt: 'Statut',
        choices: { All: 'Ouvertes et fermées', Open: 'Ouvertes', Closed: 'Fermées' },
      },
    },
  },
  ja: {
    name: '拠点別デバイスアラート',
    description: '期間内にサービスアラートが発生したデバイスを、アカウントと拠点ごとにまとめます。',
    parameters: {
      Accounts: { prompt: 'アカウント' },
      From: { prompt: '発生日（開始）' },
      To: { prompt: '発生日（終了）' },
      Site: { prompt: '拠点', allLabel: 'すべての拠点' },
      Severity: { prompt: '重大度' },
      Status: {
        prompt: 'ステータス',
        choices: { All: '未解決と解決済み', Open: '未解決', Closed: '解決済み' },
      },
    },
  },
  pl: {
    name: 'Alerty urządzeń według oddziału',
    description:
      'Urządzenia z alertami serwisowymi otwartymi w danym okresie, pogrupowane według konta i oddziału.',
    parameters: {
      Accounts: { prompt: 'Konta' },
      From: { prompt: 'Otwarte od' },
      To: { prompt: 'Otwarte do' },
      Site: { prompt: 'Oddział', allLabel: 'Wszystkie oddziały' },
      Severity: { prompt: 'Ważność' },
      Status: {
        prompt: 'Status',
        choices: { All: 'Otwarte i zamknięte', Open: 'Otwarte', Closed: 'Zamknięte' },
      },
    },
  },
  ru: {
    name: 'Оповещения устройств по площадкам',
    description: 'Устройства с сервисными оповещениями, открытыми за период, по учётным записям и площадкам.',
    parameters: {
      Accounts: { prompt: 'Учётные записи' },
      From: { prompt: 'Открыто с' },
      To: { prompt: 'Открыто по' },
      Site: { prompt: 'Площадка', allLabel: 'Все площадки' },
      Severity: { prompt: 'Важность' },
      Status: {
        prompt: 'Статус',
        choices: { All: 'Открытые и закрытые', Open: 'Открытые', Closed: 'Закрытые' },
      },
    },
  },
};

/** Sample paginated report id → language → captions. */
export const PAGINATED_CAPTIONS: Readonly<Record<string, Translations>> = {
  [INVOICE_REPORT_ID]: INVOICE,
  [DEVICE_ALERTS_REPORT_ID]: DEVICE_ALERTS,
};

/** A sample paginated report's captions in a language; undefined for English, another language or report. */
export function paginatedCaptions(
  reportId: string,
  language: string | undefined,
): PaginatedCaptions | undefined {
  const translations = PAGINATED_CAPTIONS[reportId];
  if (translations === undefined) return undefined;
  const cultures = Object.entries(translations).map(([tag, captions]) => ({ language: tag, captions }));
  return cultureFor(cultures, language)?.captions;
}

/** A page answer with the report's name, prompts, "all" labels and fixed choices in a language. */
export function localizePage(page: PageAnswer, language: string | undefined): PageAnswer {
  const captions = paginatedCaptions(page.reportId, language);
  if (captions === undefined) return page;
  return {
    ...page,
    name: captions.name,
    parameters: page.parameters.map((parameter) => {
      const found = captions.parameters[parameter.name];
      if (found === undefined) return parameter;
      return {
        ...parameter,
        prompt: found.prompt,
        ...(parameter.allLabel !== undefined && found.allLabel !== undefined
          ? { allLabel: found.allLabel }
          : {}),
        ...(parameter.validValues !== undefined && found.choices !== undefined
          ? {
              validValues: parameter.validValues.map((v) => ({
                ...v,
                label: found.choices?.[v.value] ?? v.label,
              })),
            }
          : {}),
      };
    }),
  };
}
