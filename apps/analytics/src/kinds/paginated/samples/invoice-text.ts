/**
 * Every text the "Monthly page invoice" sheet draws, in the seven portal languages: its column titles, its header
 * block, its subtotal and total lines (a zero-width space marks where a Japanese title may wrap). `{name}`
 * placeholders are filled in by `invoice.ts` with values already formatted in the sheet's locale; `sheet.test.ts`
 * checks that every language has every text and placeholder.
 */
import type { ContentLanguage } from '@portico/analytics-model';
import type { Plural, Template } from '../sheet.ts';

export interface InvoiceText {
  /** Serial number, model, mono pages, unit price, mono amount, colour pages, unit price, colour amount, total. */
  readonly columns: readonly [string, string, string, string, string, string, string, string, string];
  /** `{number}`: INV-CONTOSO-EMEA-202610 (`invoiceNumber`). */
  readonly title: Template;
  /** `{region}`, `{from}`, `{to}`. */
  readonly period: Template;
  /** `{site}`, `{devices}` (the `devices` plural). */
  readonly site: Template;
  readonly allSites: string;
  readonly devices: Plural;
  /** `{currency}` (`EUR (Euro)`), `{mono}`, `{colour}` (unit prices in that currency). */
  readonly prices: Template;
  /** `{site}`. */
  readonly subtotal: Template;
  readonly total: string;
  /** `{amount}`. */
  readonly amountDue: Template;
}

export const INVOICE_TEXT: Readonly<Record<ContentLanguage, InvoiceText>> = {
  en: {
    columns: [
      'Serial number',
      'Model',
      'Mono pages',
      'Unit price',
      'Mono amount',
      'Colour pages',
      'Unit price',
      'Colour amount',
      'Total',
    ],
    title: 'Invoice {number}',
    period: 'Region {region} - billing period {from} to {to}',
    site: 'Site: {site} - {devices}',
    allSites: 'all sites',
    devices: { one: '{count} device billed', other: '{count} devices billed' },
    prices: 'Currency {currency} - unit prices per page: mono {mono}, colour {colour}',
    subtotal: 'Subtotal {site}',
    total: 'Total',
    amountDue: 'Amount due: {amount}',
  },
  de: {
    columns: [
      'Seriennummer',
      'Modell',
      'S/W-Seiten',
      'Preis je Seite',
      'S/W-Betrag',
      'Farbseiten',
      'Preis je Seite',
      'Farbbetrag',
      'Gesamt',
    ],
    title: 'Rechnung {number}',
    period: 'Region {region} – Abrechnungszeitraum {from} bis {to}',
    site: 'Standort: {site} – {devices}',
    allSites: 'alle Standorte',
    devices: { one: '{count} Gerät abgerechnet', other: '{count} Geräte abgerechnet' },
    prices: 'Währung {currency} – Seitenpreise: S/W {mono}, Farbe {colour}',
    subtotal: 'Zwischensumme {site}',
    total: 'Gesamt',
    amountDue: 'Rechnungsbetrag: {amount}',
  },
  es: {
    columns: [
      'Número de serie',
      'Modelo',
      'Páginas B/N',
      'Precio unitario',
      'Importe B/N',
      'Páginas color',
      'Precio unitario',
      'Importe color',
      'Total',
    ],
    title: 'Factura {number}',
    period: 'Región {region} - periodo de facturación del {from} al {to}',
    site: 'Sede: {site} - {devices}',
    allSites: 'todas las sedes',
    devices: { one: '{count} dispositivo facturado', other: '{count} dispositivos facturados' },
    prices: 'Moneda {currency} - precios por página: B/N {mono}, color {colour}',
    subtotal: 'Subtotal {site}',
    total: 'Total',
    amountDue: 'Importe a pagar: {amount}',
  },
  fr: {
    columns: [
      'Numéro de série',
      'Modèle',
      'Pages mono',
      'Prix unitaire',
      'Montant mono',
      'Pages couleur',
      'Prix unitaire',
      'Montant couleur',
      'Total',
    ],
    title: 'Facture {number}',
    period: 'Région {region} - période de facturation du {from} au {to}',
    site: 'Site : {site} - {devices}',
    allSites: 'tous les sites',
    devices: { one: '{count} équipement facturé', other: '{count} équipements facturés' },
    prices: 'Devise {currency} - prix à la page : mono {mono}, couleur {colour}',
    subtotal: 'Sous-total {site}',
    total: 'Total',
    amountDue: 'Montant dû : {amount}',
  },
  ja: {
    columns: [
      'シリアル番号',
      'モデル',
      'モノクロ\u200b枚数',
      '単価',
      'モノクロ\u200b金額',
      'カラー\u200b枚数',
      '単価',
      'カラー\u200b金額',
      '合計',
    ],
    title: '請求書 {number}',
    period: '地域 {region} - 請求期間 {from} ～ {to}',
    site: '拠点: {site} - {devices}',
    allSites: 'すべての拠点',
    devices: { other: '請求対象デバイス {count} 台' },
    prices: '通貨 {currency} - ページ単価: モノクロ {mono}、カラー {colour}',
    subtotal: '小計 {site}',
    total: '合計',
    amountDue: 'ご請求金額: {amount}',
  },
  pl: {
    columns: [
      'Numer seryjny',
      'Model',
      'Strony mono',
      'Cena jedn.',
      'Kwota mono',
      'Strony kolor',
      'Cena jedn.',
      'Kwota kolor',
      'Razem',
    ],
    title: 'Faktura {number}',
    period: 'Region {region} - okres rozliczeniowy od {from} do {to}',
    site: 'Oddział: {site} - {devices}',
    allSites: 'wszystkie oddziały',
    devices: {
      one: '{count} urządzenie rozliczone',
      few: '{count} urządzenia rozliczone',
      many: '{count} urządzeń rozliczonych',
      other: '{count} urządzenia rozliczonego',
    },
    prices: 'Waluta {currency} - ceny za stronę: mono {mono}, kolor {colour}',
    subtotal: 'Suma częściowa {site}',
    total: 'Razem',
    amountDue: 'Do zapłaty: {amount}',
  },
  ru: {
    columns: [
      'Серийный номер',
      'Модель',
      'Ч/б страницы',
      'Цена за стр.',
      'Сумма ч/б',
      'Цветные страницы',
      'Цена за стр.',
      'Сумма цвет',
      'Итого',
    ],
    title: 'Счёт {number}',
    period: 'Регион {region} - расчётный период с {from} по {to}',
    site: 'Площадка: {site} - {devices}',
    allSites: 'все площадки',
    devices: {
      one: 'выставлен счёт за {count} устройство',
      few: 'выставлен счёт за {count} устройства',
      many: 'выставлен счёт за {count} устройств',
      other: 'выставлен счёт за {count} устройства',
    },
    prices: 'Валюта {currency} - цены за страницу: ч/б {mono}, цвет {colour}',
    subtotal: 'Промежуточный итог {site}',
    total: 'Итого',
    amountDue: 'К оплате: {amount}',
  },
};
