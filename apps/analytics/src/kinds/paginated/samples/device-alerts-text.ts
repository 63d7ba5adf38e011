/**
 * Every text the "Device alerts by site" sheet draws, in the seven portal languages: its title, column titles,
 * header block, site subtotals and totals. The severity names (header and cells) and the descriptions and statuses
 * in the lines are the model's captions of those values (values.ts); the status filter's words are the parameter's
 * choices (captions.ts). The alerts' codes are the CSV's alone, under its stable English name, so have no title here.
 * `sheet.test.ts` checks that every language has every text and placeholder.
 */
import type { ContentLanguage } from '@portico/analytics-model';
import type { Plural, Template } from '../sheet.ts';

export interface DeviceAlertsText {
  readonly title: string;
  /** The columns the sheet draws: opened (UTC), severity, alert (its description), status, closed (UTC), hours. */
  readonly columns: readonly [string, string, string, string, string, string];
  /** `{accounts}`. */
  readonly accounts: Template;
  /** `{from}`, `{to}`, `{site}`. */
  readonly opened: Template;
  readonly allSites: string;
  /** `{severities}`, `{status}`. */
  readonly filters: Template;
  readonly alerts: Plural;
  readonly devices: Plural;
  /** A site's subtotal: `{alerts}`, `{devices}`, `{site}`. */
  readonly subtotal: Template;
  /** `{alerts}`, `{devices}`. */
  readonly total: Template;
  /** `{critical}`, `{warning}`, `{info}`, `{open}`. */
  readonly bySeverity: Template;
}

export const DEVICE_ALERTS_TEXT: Readonly<Record<ContentLanguage, DeviceAlertsText>> = {
  en: {
    title: 'Device alerts by site',
    columns: ['Opened (UTC)', 'Severity', 'Alert', 'Status', 'Closed (UTC)', 'Hours'],
    accounts: 'Accounts: {accounts}',
    opened: 'Alerts opened {from} to {to} - site: {site}',
    allSites: 'all sites',
    filters: 'Severity: {severities} - status: {status}',
    alerts: { one: '{count} alert', other: '{count} alerts' },
    devices: { one: '{count} device', other: '{count} devices' },
    subtotal: '{alerts} on {devices} at {site}',
    total: 'Total: {alerts} on {devices}',
    bySeverity: 'Critical {critical} - warning {warning} - info {info} - still open {open}',
  },
  de: {
    title: 'Gerätemeldungen nach Standort',
    columns: ['Gemeldet (UTC)', 'Schweregrad', 'Meldung', 'Status', 'Geschlossen (UTC)', 'Stunden'],
    accounts: 'Konten: {accounts}',
    opened: 'Meldungen vom {from} bis {to} – Standort: {site}',
    allSites: 'alle Standorte',
    filters: 'Schweregrad: {severities} – Status: {status}',
    alerts: { one: '{count} Meldung', other: '{count} Meldungen' },
    devices: { one: '{count} Gerät', other: '{count} Geräten' },
    subtotal: '{alerts} an {devices} in {site}',
    total: 'Gesamt: {alerts} an {devices}',
    bySeverity: 'Kritisch {critical} – Warnung {warning} – Info {info} – noch offen {open}',
  },
  es: {
    title: 'Alertas de dispositivos por sede',
    columns: ['Abierta (UTC)', 'Gravedad', 'Alerta', 'Estado', 'Cerrada (UTC)', 'Horas'],
    accounts: 'Cuentas: {accounts}',
    opened: 'Alertas abiertas del {from} al {to} - sede: {site}',
    allSites: 'todas las sedes',
    filters: 'Gravedad: {severities} - estado: {status}',
    alerts: { one: '{count} alerta', other: '{count} alertas' },
    devices: { one: '{count} dispositivo', other: '{count} dispositivos' },
    subtotal: '{alerts} en {devices} en {site}',
    total: 'Total: {alerts} en {devices}',
    bySeverity: 'Crítica {critical} - advertencia {warning} - información {info} - aún abiertas {open}',
  },
  fr: {
    title: 'Alertes des équipements par site',
    columns: ['Ouverte (UTC)', 'Gravité', 'Alerte', 'Statut', 'Fermée (UTC)', 'Heures'],
    accounts: 'Comptes : {accounts}',
    opened: 'Alertes ouvertes du {from} au {to} - site : {site}',
    allSites: 'tous les sites',
    filters: 'Gravité : {severities} - statut : {status}',
    alerts: { one: '{count} alerte', other: '{count} alertes' },
    devices: { one: '{count} équipement', other: '{count} équipements' },
    subtotal: '{alerts} sur {devices} à {site}',
    total: 'Total : {alerts} sur {devices}',
    bySeverity: 'Critique {critical} - avertissement {warning} - information {info} - encore ouvertes {open}',
  },
  ja: {
    title: '拠点別デバイスアラート',
    columns: ['発生日時 (UTC)', '重大度', 'アラート', 'ステータス', '解決日時 (UTC)', '時間'],
    accounts: 'アカウント: {accounts}',
    opened: 'アラート発生期間 {from} ～ {to} - 拠点: {site}',
    allSites: 'すべての拠点',
    filters: '重大度: {severities} - ステータス: {status}',
    alerts: { other: 'アラート {count} 件' },
    devices: { other: 'デバイス {count} 台' },
    subtotal: '{site}: {devices}で{alerts}',
    total: '合計: {devices}で{alerts}',
    bySeverity: '重大 {critical} - 警告 {warning} - 情報 {info} - 未解決 {open}',
  },
  pl: {
    title: 'Alerty urządzeń według oddziału',
    columns: ['Otwarty (UTC)', 'Ważność', 'Alert', 'Status', 'Zamknięty (UTC)', 'Godziny'],
    accounts: 'Konta: {accounts}',
    opened: 'Alerty otwarte od {from} do {to} - oddział: {site}',
    allSites: 'wszystkie oddziały',
    filters: 'Ważność: {severities} - status: {status}',
    alerts: { one: '{count} alert', few: '{count} alerty', many: '{count} alertów', other: '{count} alertu' },
    devices: {
      one: '{count} urządzeniu',
      few: '{count} urządzeniach',
      many: '{count} urządzeniach',
      other: '{count} urządzenia',
    },
    subtotal: '{alerts} na {devices} w {site}',
    total: 'Razem: {alerts} na {devices}',
    bySeverity: 'Krytyczne {critical} - ostrzeżenia {warning} - informacje {info} - nadal otwarte {open}',
  },
  ru: {
    title: 'Оповещения устройств по площадкам',
    columns: ['Открыто (UTC)', 'Важность', 'Оповещение', 'Статус', 'Закрыто (UTC)', 'Часы'],
    accounts: 'Учётные записи: {accounts}',
    opened: 'Оповещения с {from} по {to} - площадка: {site}',
    allSites: 'все площадки',
    filters: 'Важность: {severities} - статус: {status}',
    alerts: {
      one: '{count} оповещение',
      few: '{count} оповещения',
      many: '{count} оповещений',
      other: '{count} оповещения',
    },
    devices: {
      one: '{count} устройстве',
      few: '{count} устройствах',
      many: '{count} устройствах',
      other: '{count} устройства',
    },
    subtotal: '{alerts} на {devices}, {site}',
    total: 'Итого: {alerts} на {devices}',
    bySeverity:
      'Критические {critical} - предупреждения {warning} - информационные {info} - ещё открыты {open}',
  },
};
