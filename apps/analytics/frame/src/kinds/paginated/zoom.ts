/**
 * The sheet's zoom, as a paginated viewer offers it: page width (the default: the A4 sheet scaled to the width the
 * viewer has, its proportions kept, never smaller than its smallest text stays readable) or a fixed percentage.
 * The words of the zoom menu are in the frame's seven languages.
 */
import { wordingFor } from '../../model/wording.ts';

/** The sheet's width at 100 % (A4 at 96 dpi), and its smallest text (a line's 11 px). */
export const SHEET_WIDTH_PX = 794;
const SMALLEST_TEXT_PX = 11;
/** Page width never shrinks text below this: past it the sheet scrolls sideways instead. */
export const READABLE_TEXT_PX = 10;

export type Zoom = 'page-width' | 50 | 75 | 100 | 125 | 150;
export const ZOOMS: readonly Zoom[] = ['page-width', 50, 75, 100, 125, 150];

/**
 * The sheet's scale for a zoom in a viewport `available` px wide: page width fits the sheet to it, never below
 * readable text (10 px) nor above 100 %.
 *
 * @example sheetScale('page-width', 700) // → 0.88 (text 9.7 px would be too small: 10/11 ≈ 0.909)
 */
export function sheetScale(zoom: Zoom, available: number): number {
  if (zoom !== 'page-width') return zoom / 100;
  const fit = available / SHEET_WIDTH_PX;
  return Math.min(1, Math.max(fit, READABLE_TEXT_PX / SMALLEST_TEXT_PX));
}

interface ZoomWording {
  readonly zoom: string;
  readonly pageWidth: string;
  /** Shown when the sheet is wider than the viewer at readable size. */
  readonly scrollHint: string;
}

const ENGLISH: ZoomWording = {
  zoom: 'Zoom',
  pageWidth: 'Page width',
  scrollHint: 'Scroll sideways for the rest of the page',
};

const WORDING: Readonly<Record<string, ZoomWording>> = {
  en: ENGLISH,
  de: { zoom: 'Zoom', pageWidth: 'Seitenbreite', scrollHint: 'Seitlich scrollen für den Rest der Seite' },
  es: {
    zoom: 'Zoom',
    pageWidth: 'Ancho de página',
    scrollHint: 'Desplácese en horizontal para ver el resto de la página',
  },
  fr: {
    zoom: 'Zoom',
    pageWidth: 'Largeur de page',
    scrollHint: 'Faites défiler horizontalement pour voir le reste de la page',
  },
  ja: { zoom: 'ズーム', pageWidth: 'ページ幅', scrollHint: '横にスクロールするとページの続きが表示されます' },
  pl: {
    zoom: 'Powiększenie',
    pageWidth: 'Szerokość strony',
    scrollHint: 'Przewiń w bok, aby zobaczyć resztę strony',
  },
  ru: {
    zoom: 'Масштаб',
    pageWidth: 'По ширине страницы',
    scrollHint: 'Прокрутите вбок, чтобы увидеть остальную часть страницы',
  },
};

export const ZOOM_WORDING: Readonly<Record<string, ZoomWording>> = WORDING;

export function zoomWording(language: string | undefined): ZoomWording {
  return wordingFor(WORDING, language, ENGLISH);
}
