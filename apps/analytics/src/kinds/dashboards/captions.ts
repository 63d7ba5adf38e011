/**
 * The sample dashboards' names, tile titles and text in the portal's languages other than English (the samples'
 * own captions, in samples.ts), by dashboard id, language and tile id. A dashboard's frame and listing show them for
 * `?language=` (`de-AT` reads `de`); a dashboard someone changed shows what they wrote where it differs.
 */
import type { Dashboard, ResolvedDashboard } from '@portico/analytics-model';
import { cultureFor } from '@portico/analytics-model';
import { FLEET_DASHBOARD_ID, SAMPLE_DASHBOARDS, SUPPLIES_DASHBOARD_ID } from './samples.ts';

export interface DashboardCaptions {
  readonly name: string;
  /** Tile id → its title (and a text tile's text). */
  readonly tiles: Readonly<Record<string, { readonly title: string; readonly text?: string }>>;
}

type Translations = Readonly<Record<'de' | 'es' | 'fr' | 'ja' | 'pl' | 'ru', DashboardCaptions>>;

const FLEET: Translations = {
  de: {
    name: 'Flotte auf einen Blick',
    tiles: {
      printers: { title: 'Drucker in Betrieb' },
      pages: { title: 'Gedruckte Seiten (12 Monate)' },
      'colour-share': { title: 'Farbanteil der Seiten' },
      'open-alerts': { title: 'Offene Servicemeldungen' },
      'pages-per-month': { title: 'Seiten pro Monat' },
      manufacturers: { title: 'Drucker nach Hersteller' },
      'top-models': { title: 'Top 10 Modelle nach gedruckten Seiten' },
      'colour-printers': { title: 'Farbdrucker in Betrieb' },
      about: {
        title: 'Zu diesen Zahlen',
        text: 'Die Zahlen umfassen die Konten, die Sie sehen dürfen. Klicken Sie auf eine Kachel, um den Bericht zu öffnen, aus dem sie angeheftet wurde.',
      },
    },
  },
  es: {
    name: 'La flota de un vistazo',
    tiles: {
      printers: { title: 'Impresoras en servicio' },
      pages: { title: 'Páginas impresas (12 meses)' },
      'colour-share': { title: 'Proporción de páginas en color' },
      'open-alerts': { title: 'Alertas abiertas' },
      'pages-per-month': { title: 'Páginas por mes' },
      manufacturers: { title: 'Impresoras por fabricante' },
      'top-models': { title: 'Top 10 modelos por páginas impresas' },
      'colour-printers': { title: 'Impresoras en color en servicio' },
      about: {
        title: 'Acerca de estas cifras',
        text: 'Las cifras abarcan las cuentas que puede ver. Haga clic en un icono para abrir el informe del que se ancló.',
      },
    },
  },
  fr: {
    name: "Le parc en un coup d'œil",
    tiles: {
      printers: { title: 'Imprimantes en service' },
      pages: { title: 'Pages imprimées (12 mois)' },
      'colour-share': { title: 'Part des pages couleur' },
      'open-alerts': { title: 'Alertes ouvertes' },
      'pages-per-month': { title: 'Pages par mois' },
      manufacturers: { title: 'Imprimantes par fabricant' },
      'top-models': { title: 'Top 10 des modèles par pages imprimées' },
      'colour-printers': { title: 'Imprimantes couleur en service' },
      about: {
        title: 'À propos de ces chiffres',
        text: 'Les chiffres couvrent les comptes que vous pouvez consulter. Cliquez sur une vignette pour ouvrir le rapport dont elle est issue.',
      },
    },
  },
  ja: {
    name: 'フリートの概況',
    tiles: {
      printers: { title: '稼働中のプリンター' },
      pages: { title: '印刷枚数（過去12か月）' },
      'colour-share': { title: 'カラー印刷の比率' },
      'open-alerts': { title: '未解決のアラート' },
      'pages-per-month': { title: '月別印刷枚数' },
      manufacturers: { title: 'メーカー別プリンター台数' },
      'top-models': { title: '印刷枚数上位10モデル' },
      'colour-printers': { title: '稼働中のカラープリンター' },
      about: {
        title: 'この数値について',
        text: '数値は閲覧権限のあるアカウントが対象です。タイルをクリックすると、ピン留め元のレポートが開きます。',
      },
    },
  },
  pl: {
    name: 'Flota w skrócie',
    tiles: {
      printers: { title: 'Drukarki w eksploatacji' },
      pages: { title: 'Wydrukowane strony (12 mies.)' },
      'colour-share': { title: 'Udział stron kolorowych' },
      'open-alerts': { title: 'Otwarte alerty' },
      'pages-per-month': { title: 'Strony miesięcznie' },
      manufacturers: { title: 'Drukarki według producenta' },
      'top-models': { title: '10 modeli z największą liczbą stron' },
      'colour-printers': { title: 'Drukarki kolorowe w eksploatacji' },
      about: {
        title: 'O tych danych',
        text: 'Dane obejmują konta, do których masz dostęp. Kliknij kafelek, aby otworzyć raport, z którego został przypięty.',
      },
    },
  },
  ru: {
    name: 'Парк в цифрах',
    tiles: {
      printers: { title: 'Принтеры в эксплуатации' },
      pages: { title: 'Напечатано страниц (12 мес.)' },
      'colour-share': { title: 'Доля цветных страниц' },
      'open-alerts': { title: 'Открытые оповещения' },
      'pages-per-month': { title: 'Страницы по месяцам' },
      manufacturers: { title: 'Принтеры по производителям' },
      'top-models': { title: 'Топ-10 моделей по числу страниц' },
      'colour-printers': { title: 'Цветные принтеры в работе' },
      about: {
        title: 'Об этих данных',
        text: 'Данные охватывают учётные записи, доступные вам. Нажмите на плитку, чтобы открыть отчёт, из которого она закреплена.',
      },
    },
  },
};

const SUPPLIES: Translations = {
  de: {
    name: 'Verbrauchsmaterial und Meldungen',
    tiles: {
      alerts: { title: 'Ausgelöste Meldungen' },
      'still-open': { title: 'Noch offene Meldungen' },
      'hours-to-close': { title: 'Ø Stunden bis Abschluss' },
      'average-level': { title: 'Ø Füllstand, letzte 7 Tage' },
      'replacements-per-month': { title: 'Wechsel pro Monat' },
      'alerts-by-severity': { title: 'Meldungen nach Schweregrad' },
      'running-low': { title: 'Knappes Verbrauchsmaterial' },
      'open-alert-list': { title: 'Offene Meldungen' },
    },
  },
  es: {
    name: 'Consumibles y alertas',
    tiles: {
      alerts: { title: 'Alertas generadas' },
      'still-open': { title: 'Alertas aún abiertas' },
      'hours-to-close': { title: 'Horas medias hasta el cierre' },
      'average-level': { title: 'Consumibles: nivel medio, 7 días' },
      'replacements-per-month': { title: 'Sustituciones por mes' },
      'alerts-by-severity': { title: 'Alertas por gravedad' },
      'running-low': { title: 'Consumibles a punto de agotarse' },
      'open-alert-list': { title: 'Alertas abiertas' },
    },
  },
  fr: {
    name: 'Consommables et alertes',
    tiles: {
      alerts: { title: 'Alertes émises' },
      'still-open': { title: 'Alertes encore ouvertes' },
      'hours-to-close': { title: 'Délai moyen de clôture' },
      'average-level': { title: 'Consommables : moyenne sur 7 j' },
      'replacements-per-month': { title: 'Remplacements par mois' },
      'alerts-by-severity': { title: 'Alertes par gravité' },
      'running-low': { title: 'Consommables presque épuisés' },
      'open-alert-list': { title: 'Alertes ouvertes' },
    },
  },
  ja: {
    name: '消耗品とアラート',
    tiles: {
      alerts: { title: '発生したアラート' },
      'still-open': { title: '未解決のアラート' },
      'hours-to-close': { title: '平均解決時間' },
      'average-level': { title: '消耗品の平均残量（過去7日）' },
      'replacements-per-month': { title: '月別交換回数' },
      'alerts-by-severity': { title: '重大度別アラート' },
      'running-low': { title: '残量が少ない消耗品' },
      'open-alert-list': { title: '未解決アラート' },
    },
  },
  pl: {
    name: 'Materiały i alerty',
    tiles: {
      alerts: { title: 'Zgłoszone alerty' },
      'still-open': { title: 'Nadal otwarte alerty' },
      'hours-to-close': { title: 'Średni czas do zamknięcia' },
      'average-level': { title: 'Średni poziom materiałów, 7 dni' },
      'replacements-per-month': { title: 'Wymiany miesięcznie' },
      'alerts-by-severity': { title: 'Alerty według ważności' },
      'running-low': { title: 'Kończące się materiały' },
      'open-alert-list': { title: 'Otwarte alerty' },
    },
  },
  ru: {
    name: 'Расходники и оповещения',
    tiles: {
      alerts: { title: 'Всего оповещений' },
      'still-open': { title: 'Ещё открытые оповещения' },
      'hours-to-close': { title: 'Среднее время закрытия' },
      'average-level': { title: 'Ср. уровень расходников, 7 дн.' },
      'replacements-per-month': { title: 'Замены по месяцам' },
      'alerts-by-severity': { title: 'Оповещения по важности' },
      'running-low': { title: 'Заканчивающиеся расходники' },
      'open-alert-list': { title: 'Открытые оповещения' },
    },
  },
};

/** Sample dashboard id → language → captions. */
export const DASHBOARD_CAPTIONS: Readonly<Record<string, Translations>> = {
  [FLEET_DASHBOARD_ID]: FLEET,
  [SUPPLIES_DASHBOARD_ID]: SUPPLIES,
};

/** A sample dashboard's captions in a language; undefined for English, an unknown language or another dashboard. */
function captionsFor(dashboardId: string, language: string | undefined): DashboardCaptions | undefined {
  const translations = DASHBOARD_CAPTIONS[dashboardId];
  if (translations === undefined) return undefined;
  const cultures = Object.entries(translations).map(([tag, captions]) => ({ language: tag, captions }));
  return cultureFor(cultures, language)?.captions;
}

/** The sample as its file has it: what a translation was written for. */
const sampleOf = (id: string) => SAMPLE_DASHBOARDS.find((d) => d.id === id);

/** A dashboard's name in a language (a sample's translation while it keeps the sample's name). */
export function dashboardName(
  dashboard: Pick<Dashboard, 'id' | 'name'>,
  language: string | undefined,
): string {
  const captions = captionsFor(dashboard.id, language);
  return captions !== undefined && sampleOf(dashboard.id)?.name === dashboard.name
    ? captions.name
    : dashboard.name;
}

/** A resolved dashboard with its name, tile titles and texts in a language; a tile someone changed keeps its own. */
export function localizeDashboard(
  dashboard: ResolvedDashboard,
  language: string | undefined,
): ResolvedDashboard {
  const captions = captionsFor(dashboard.id, language);
  const sample = sampleOf(dashboard.id);
  if (captions === undefined || sample === undefined) return dashboard;
  return {
    ...dashboard,
    name: sample.name === dashboard.name ? captions.name : dashboard.name,
    tiles: dashboard.tiles.map((tile) => {
      const original = sample.definition.tiles.find((t) => t.id === tile.id);
      const caption = captions.tiles[tile.id];
      if (original === undefined || caption === undefined) return tile;
      const title = original.title === tile.title ? caption.title : tile.title;
      if (
        tile.kind === 'text' &&
        original.kind === 'text' &&
        caption.text !== undefined &&
        original.text === tile.text
      )
        return { ...tile, title, text: caption.text };
      return { ...tile, title };
    }),
  };
}
