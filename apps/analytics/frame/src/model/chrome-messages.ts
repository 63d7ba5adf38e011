/**
 * The wording of the frame's own chrome (everything on screen that is not the report's data, titles or the visual
 * menus, which are in `messages.ts`): loading and empty states, errors, the panes, page and bookmark navigation,
 * the charts' keyboard help and the paginated viewer's toolbar and parameter panel, in the portal's languages (en, de,
 * es, fr, ja, pl, ru), chosen as the menus' wording is (`frameLanguage`).
 */
import { wordingFor } from './wording.ts';

export interface ChromeMessages {
  readonly waitingForHost: string;
  readonly loadingReport: string;
  readonly reportFailed: string;
  readonly kindUnavailable: string;
  readonly noPages: string;
  readonly emptyPage: string;
  readonly loading: string;
  readonly visualFailed: string;
  /** The page tabs' name. */
  readonly pages: string;
  readonly filters: string;
  readonly onAllPages: string;
  readonly onThisPage: string;
  readonly noFilters: string;
  /** A filter pane line: `Devices.Site is Berlin, Paris`. */
  readonly filterIs: (target: string, values: string) => string;
  readonly filterIsNot: (target: string, values: string) => string;
  readonly filterIsAny: (target: string) => string;
  readonly filterRelative: (target: string, units: number) => string;
  readonly bookmarks: string;
  readonly previousBookmark: string;
  readonly nextBookmark: string;
  readonly exitBookmarks: string;
  /** `(2 of 5)`: a position in a list. */
  readonly position: (at: number, of: number) => string;
  readonly slicerAll: string;
  readonly slicer: string;
  readonly table: string;
  /** What a chart is called to a screen reader (`aria-roledescription`). */
  readonly chart: string;
  readonly chartKeys: string;
  readonly chartNoPoints: string;
  /** Announced on moving to a point: `Berlin: Devices 1,204 (1 of 12)`. */
  readonly point: (text: string, at: number, of: number) => string;
  readonly selectedPoint: (text: string) => string;
  readonly report: string;
  readonly parameters: string;
  /** The button beside a narrow paginated report's parameter summary that opens the parameters. */
  readonly editParameters: string;
  readonly firstPage: string;
  readonly previousPage: string;
  readonly nextPage: string;
  readonly lastPage: string;
  readonly pageOf: (at: number, of: number) => string;
  readonly print: string;
  readonly exportPdf: string;
  readonly exportCsv: string;
  readonly viewReport: string;
  readonly continued: (title: string) => string;
  /** A single-value parameter's choice of no value. */
  readonly allValues: string;
  readonly tileEmpty: string;
  readonly noAnswer: string;
  readonly showData: string;
  /** Before the question the Q&A answers, as it understood it ("Showing “total pages by month”"). */
  readonly showing: string;
  /** Before a Q&A's suggested questions. */
  readonly tryAsking: string;
  readonly askingAnswer: string;
  readonly loadingDashboard: string;
  readonly loadingTile: string;
  readonly dashboardFailed: string;
  readonly tileFailed: string;
  readonly tileDataFailed: string;
  readonly qnaFailed: string;
  readonly questionFailed: string;
  readonly askQuestion: string;
  readonly ask: string;
  readonly firstRowsOnly: (rows: number) => string;
}

const en: ChromeMessages = {
  waitingForHost: 'Waiting for the host page…',
  loadingReport: 'Loading the report…',
  reportFailed: 'The report could not be loaded.',
  kindUnavailable: 'This kind of content is not available yet.',
  noPages: 'This report has no pages.',
  emptyPage: 'There is nothing to show on this page.',
  loading: 'Loading…',
  visualFailed: 'Couldn’t load the data for this visual.',
  pages: 'Pages',
  filters: 'Filters',
  onAllPages: 'On all pages',
  onThisPage: 'On this page',
  noFilters: 'None',
  filterIs: (target, values) => `${target} is ${values}`,
  filterIsNot: (target, values) => `${target} is not ${values}`,
  filterIsAny: (target) => `${target} is any value`,
  filterRelative: (target, units) => `${target}: relative, ${units} units`,
  bookmarks: 'Bookmarks',
  previousBookmark: 'Previous bookmark',
  nextBookmark: 'Next bookmark',
  exitBookmarks: 'Exit',
  position: (at, of) => `(${at} of ${of})`,
  slicerAll: 'All',
  slicer: 'Slicer',
  table: 'Table',
  chart: 'chart',
  chartKeys:
    'Arrow keys move through the data points, Enter selects one, Shift+F10 opens its menu, Escape leaves the chart.',
  chartNoPoints: 'No data points.',
  point: (text, at, of) => `${text} (${at} of ${of})`,
  selectedPoint: (text) => `${text}, selected`,
  report: 'Report',
  parameters: 'Parameters',
  editParameters: 'Edit',
  firstPage: 'First page',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  lastPage: 'Last page',
  pageOf: (at, of) => `Page ${at} of ${of}`,
  print: 'Print',
  exportPdf: 'Export PDF',
  exportCsv: 'Export CSV',
  viewReport: 'View report',
  continued: (title) => `${title} (continued)`,
  allValues: '(All)',
  tileEmpty: 'This tile has nothing to show.',
  noAnswer: 'No data matches that question.',
  showData: 'Show the data',
  showing: 'Showing',
  tryAsking: 'Try:',
  askingAnswer: 'Looking for an answer…',
  loadingDashboard: 'Loading the dashboard…',
  loadingTile: 'Loading the tile…',
  dashboardFailed: 'The dashboard could not be loaded.',
  tileFailed: 'The tile could not be loaded.',
  tileDataFailed: 'Couldn’t load the data for this tile.',
  qnaFailed: 'This Q&A could not be loaded.',
  questionFailed: 'Couldn’t answer that question.',
  askQuestion: 'Ask a question about your data',
  ask: 'Ask',
  firstRowsOnly: (rows) => `Only the first ${rows} rows are shown.`,
};

const de: ChromeMessages = {
  waitingForHost: 'Warten auf die Host-Seite…',
  loadingReport: 'Der Bericht wird geladen…',
  reportFailed: 'Der Bericht konnte nicht geladen werden.',
  kindUnavailable: 'Diese Art von Inhalt ist noch nicht verfügbar.',
  noPages: 'Dieser Bericht hat keine Seiten.',
  emptyPage: 'Auf dieser Seite gibt es nichts anzuzeigen.',
  loading: 'Wird geladen…',
  visualFailed: 'Die Daten dieses Visuals konnten nicht geladen werden.',
  pages: 'Seiten',
  filters: 'Filter',
  onAllPages: 'Auf allen Seiten',
  onThisPage: 'Auf dieser Seite',
  noFilters: 'Keine',
  filterIs: (target, values) => `${target} ist ${values}`,
  filterIsNot: (target, values) => `${target} ist nicht ${values}`,
  filterIsAny: (target) => `${target} ist ein beliebiger Wert`,
  filterRelative: (target, units) => `${target}: relativ, ${units} Einheiten`,
  bookmarks: 'Lesezeichen',
  previousBookmark: 'Vorheriges Lesezeichen',
  nextBookmark: 'Nächstes Lesezeichen',
  exitBookmarks: 'Beenden',
  position: (at, of) => `(${at} von ${of})`,
  slicerAll: 'Alle',
  slicer: 'Datenschnitt',
  table: 'Tabelle',
  chart: 'Diagramm',
  chartKeys:
    'Pfeiltasten wechseln zwischen den Datenpunkten, Eingabe wählt einen aus, Umschalt+F10 öffnet sein Menü, Escape verlässt das Diagramm.',
  chartNoPoints: 'Keine Datenpunkte.',
  point: (text, at, of) => `${text} (${at} von ${of})`,
  selectedPoint: (text) => `${text}, ausgewählt`,
  report: 'Bericht',
  parameters: 'Parameter',
  editParameters: 'Bearbeiten',
  firstPage: 'Erste Seite',
  previousPage: 'Vorherige Seite',
  nextPage: 'Nächste Seite',
  lastPage: 'Letzte Seite',
  pageOf: (at, of) => `Seite ${at} von ${of}`,
  print: 'Drucken',
  exportPdf: 'Als PDF exportieren',
  exportCsv: 'Als CSV exportieren',
  viewReport: 'Bericht anzeigen',
  continued: (title) => `${title} (Fortsetzung)`,
  allValues: '(Alle)',
  tileEmpty: 'Diese Kachel hat nichts anzuzeigen.',
  noAnswer: 'Keine Daten passen zu dieser Frage.',
  showData: 'Daten anzeigen',
  showing: 'Antwort auf',
  tryAsking: 'Versuchen Sie:',
  askingAnswer: 'Antwort wird gesucht…',
  loadingDashboard: 'Das Dashboard wird geladen…',
  loadingTile: 'Die Kachel wird geladen…',
  dashboardFailed: 'Das Dashboard konnte nicht geladen werden.',
  tileFailed: 'Die Kachel konnte nicht geladen werden.',
  tileDataFailed: 'Die Daten dieser Kachel konnten nicht geladen werden.',
  qnaFailed: 'Diese Q&A konnte nicht geladen werden.',
  questionFailed: 'Diese Frage konnte nicht beantwortet werden.',
  askQuestion: 'Stellen Sie eine Frage zu Ihren Daten',
  ask: 'Fragen',
  firstRowsOnly: (rows) => `Nur die ersten ${rows} Zeilen werden angezeigt.`,
};

const es: ChromeMessages = {
  waitingForHost: 'Esperando a la página host…',
  loadingReport: 'Cargando el informe…',
  reportFailed: 'No se pudo cargar el informe.',
  kindUnavailable: 'Este tipo de contenido aún no está disponible.',
  noPages: 'Este informe no tiene páginas.',
  emptyPage: 'No hay nada que mostrar en esta página.',
  loading: 'Cargando…',
  visualFailed: 'No se pudieron cargar los datos de este objeto visual.',
  pages: 'Páginas',
  filters: 'Filtros',
  onAllPages: 'En todas las páginas',
  onThisPage: 'En esta página',
  noFilters: 'Ninguno',
  filterIs: (target, values) => `${target} es ${values}`,
  filterIsNot: (target, values) => `${target} no es ${values}`,
  filterIsAny: (target) => `${target} es cualquier valor`,
  filterRelative: (target, units) => `${target}: relativo, ${units} unidades`,
  bookmarks: 'Marcadores',
  previousBookmark: 'Marcador anterior',
  nextBookmark: 'Marcador siguiente',
  exitBookmarks: 'Salir',
  position: (at, of) => `(${at} de ${of})`,
  slicerAll: 'Todo',
  slicer: 'Segmentación',
  table: 'Tabla',
  chart: 'gráfico',
  chartKeys:
    'Las teclas de flecha recorren los puntos de datos, Entrar selecciona uno, Mayús+F10 abre su menú, Escape sale del gráfico.',
  chartNoPoints: 'No hay puntos de datos.',
  point: (text, at, of) => `${text} (${at} de ${of})`,
  selectedPoint: (text) => `${text}, seleccionado`,
  report: 'Informe',
  parameters: 'Parámetros',
  editParameters: 'Editar',
  firstPage: 'Primera página',
  previousPage: 'Página anterior',
  nextPage: 'Página siguiente',
  lastPage: 'Última página',
  pageOf: (at, of) => `Página ${at} de ${of}`,
  print: 'Imprimir',
  exportPdf: 'Exportar a PDF',
  exportCsv: 'Exportar a CSV',
  viewReport: 'Ver informe',
  continued: (title) => `${title} (continuación)`,
  allValues: '(Todo)',
  tileEmpty: 'Este icono no tiene nada que mostrar.',
  noAnswer: 'Ningún dato coincide con esa pregunta.',
  showData: 'Mostrar los datos',
  showing: 'Mostrando',
  tryAsking: 'Pruebe:',
  askingAnswer: 'Buscando una respuesta…',
  loadingDashboard: 'Cargando el panel…',
  loadingTile: 'Cargando el icono…',
  dashboardFailed: 'No se pudo cargar el panel.',
  tileFailed: 'No se pudo cargar el icono.',
  tileDataFailed: 'No se pudieron cargar los datos de este icono.',
  qnaFailed: 'No se pudieron cargar las preguntas y respuestas.',
  questionFailed: 'No se pudo responder a esa pregunta.',
  askQuestion: 'Haga una pregunta sobre sus datos',
  ask: 'Preguntar',
  firstRowsOnly: (rows) => `Solo se muestran las primeras ${rows} filas.`,
};

const fr: ChromeMessages = {
  waitingForHost: 'En attente de la page hôte…',
  loadingReport: 'Chargement du rapport…',
  reportFailed: 'Le rapport n’a pas pu être chargé.',
  kindUnavailable: 'Ce type de contenu n’est pas encore disponible.',
  noPages: 'Ce rapport n’a aucune page.',
  emptyPage: 'Il n’y a rien à afficher sur cette page.',
  loading: 'Chargement…',
  visualFailed: 'Les données de ce visuel n’ont pas pu être chargées.',
  pages: 'Pages du rapport',
  filters: 'Filtres',
  onAllPages: 'Sur toutes les pages',
  onThisPage: 'Sur cette page',
  noFilters: 'Aucun',
  filterIs: (target, values) => `${target} est ${values}`,
  filterIsNot: (target, values) => `${target} n’est pas ${values}`,
  filterIsAny: (target) => `${target} a n’importe quelle valeur`,
  filterRelative: (target, units) => `${target} : relatif, ${units} unités`,
  bookmarks: 'Signets',
  previousBookmark: 'Signet précédent',
  nextBookmark: 'Signet suivant',
  exitBookmarks: 'Quitter',
  position: (at, of) => `(${at} sur ${of})`,
  slicerAll: 'Tout',
  slicer: 'Segment',
  table: 'Tableau',
  chart: 'graphique',
  chartKeys:
    'Les flèches parcourent les points de données, Entrée en sélectionne un, Maj+F10 ouvre son menu, Échap quitte le graphique.',
  chartNoPoints: 'Aucun point de données.',
  point: (text, at, of) => `${text} (${at} sur ${of})`,
  selectedPoint: (text) => `${text}, sélectionné`,
  report: 'Rapport',
  parameters: 'Paramètres',
  editParameters: 'Modifier',
  firstPage: 'Première page',
  previousPage: 'Page précédente',
  nextPage: 'Page suivante',
  lastPage: 'Dernière page',
  pageOf: (at, of) => `Page ${at} sur ${of}`,
  print: 'Imprimer',
  exportPdf: 'Exporter en PDF',
  exportCsv: 'Exporter en CSV',
  viewReport: 'Afficher le rapport',
  continued: (title) => `${title} (suite)`,
  allValues: '(Tout)',
  tileEmpty: 'Cette vignette n’a rien à afficher.',
  noAnswer: 'Aucune donnée ne correspond à cette question.',
  showData: 'Afficher les données',
  showing: 'Affichage de',
  tryAsking: 'Essayez :',
  askingAnswer: 'Recherche d’une réponse…',
  loadingDashboard: 'Chargement du tableau de bord…',
  loadingTile: 'Chargement de la vignette…',
  dashboardFailed: 'Le tableau de bord n’a pas pu être chargé.',
  tileFailed: 'La vignette n’a pas pu être chargée.',
  tileDataFailed: 'Les données de cette vignette n’ont pas pu être chargées.',
  qnaFailed: 'Ce Q&R n’a pas pu être chargé.',
  questionFailed: 'Impossible de répondre à cette question.',
  askQuestion: 'Posez une question sur vos données',
  ask: 'Demander',
  firstRowsOnly: (rows) => `Seules les ${rows} premières lignes sont affichées.`,
};

const ja: ChromeMessages = {
  waitingForHost: 'ホスト ページを待っています…',
  loadingReport: 'レポートを読み込んでいます…',
  reportFailed: 'レポートを読み込めませんでした。',
  kindUnavailable: 'この種類のコンテンツはまだ利用できません。',
  noPages: 'このレポートにはページがありません。',
  emptyPage: 'このページに表示するものはありません。',
  loading: '読み込んでいます…',
  visualFailed: 'このビジュアルのデータを読み込めませんでした。',
  pages: 'ページ',
  filters: 'フィルター',
  onAllPages: 'すべてのページ',
  onThisPage: 'このページ',
  noFilters: 'なし',
  filterIs: (target, values) => `${target} が ${values}`,
  filterIsNot: (target, values) => `${target} が ${values} 以外`,
  filterIsAny: (target) => `${target} はすべての値`,
  filterRelative: (target, units) => `${target}: 相対、${units} 単位`,
  bookmarks: 'ブックマーク',
  previousBookmark: '前のブックマーク',
  nextBookmark: '次のブックマーク',
  exitBookmarks: '終了',
  position: (at, of) => `(${at}/${of})`,
  slicerAll: 'すべて',
  slicer: 'スライサー',
  table: 'テーブル',
  chart: 'グラフ',
  chartKeys:
    '方向キーでデータ ポイント間を移動し、Enter で選択、Shift+F10 でメニューを開き、Esc でグラフを離れます。',
  chartNoPoints: 'データ ポイントはありません。',
  point: (text, at, of) => `${text} (${at}/${of})`,
  selectedPoint: (text) => `${text}、選択済み`,
  report: 'レポート',
  parameters: 'パラメーター',
  editParameters: '編集',
  firstPage: '最初のページ',
  previousPage: '前のページ',
  nextPage: '次のページ',
  lastPage: '最後のページ',
  pageOf: (at, of) => `${at} / ${of} ページ`,
  print: '印刷',
  exportPdf: 'PDF にエクスポート',
  exportCsv: 'CSV にエクスポート',
  viewReport: 'レポートの表示',
  continued: (title) => `${title} (続き)`,
  allValues: '(すべて)',
  tileEmpty: 'このタイルに表示するものはありません。',
  noAnswer: 'その質問に一致するデータはありません。',
  showData: 'データの表示',
  showing: '表示中:',
  tryAsking: '例:',
  askingAnswer: '回答を探しています…',
  loadingDashboard: 'ダッシュボードを読み込んでいます…',
  loadingTile: 'タイルを読み込んでいます…',
  dashboardFailed: 'ダッシュボードを読み込めませんでした。',
  tileFailed: 'タイルを読み込めませんでした。',
  tileDataFailed: 'このタイルのデータを読み込めませんでした。',
  qnaFailed: 'この Q&A を読み込めませんでした。',
  questionFailed: 'その質問に回答できませんでした。',
  askQuestion: 'データについて質問する',
  ask: '質問',
  firstRowsOnly: (rows) => `最初の ${rows} 行だけを表示しています。`,
};

const pl: ChromeMessages = {
  waitingForHost: 'Oczekiwanie na stronę hosta…',
  loadingReport: 'Wczytywanie raportu…',
  reportFailed: 'Nie udało się wczytać raportu.',
  kindUnavailable: 'Ten rodzaj zawartości nie jest jeszcze dostępny.',
  noPages: 'Ten raport nie ma stron.',
  emptyPage: 'Na tej stronie nie ma nic do pokazania.',
  loading: 'Wczytywanie…',
  visualFailed: 'Nie udało się wczytać danych tej wizualizacji.',
  pages: 'Strony',
  filters: 'Filtry',
  onAllPages: 'Na wszystkich stronach',
  onThisPage: 'Na tej stronie',
  noFilters: 'Brak',
  filterIs: (target, values) => `${target} to ${values}`,
  filterIsNot: (target, values) => `${target} to nie ${values}`,
  filterIsAny: (target) => `${target} ma dowolną wartość`,
  filterRelative: (target, units) => `${target}: względnie, jednostki: ${units}`,
  bookmarks: 'Zakładki',
  previousBookmark: 'Poprzednia zakładka',
  nextBookmark: 'Następna zakładka',
  exitBookmarks: 'Zakończ',
  position: (at, of) => `(${at} z ${of})`,
  slicerAll: 'Wszystkie',
  slicer: 'Fragmentator',
  table: 'Tabela',
  chart: 'wykres',
  chartKeys:
    'Strzałki przechodzą między punktami danych, Enter zaznacza punkt, Shift+F10 otwiera jego menu, Escape opuszcza wykres.',
  chartNoPoints: 'Brak punktów danych.',
  point: (text, at, of) => `${text} (${at} z ${of})`,
  selectedPoint: (text) => `${text}, zaznaczono`,
  report: 'Raport',
  parameters: 'Parametry',
  editParameters: 'Edytuj',
  firstPage: 'Pierwsza strona',
  previousPage: 'Poprzednia strona',
  nextPage: 'Następna strona',
  lastPage: 'Ostatnia strona',
  pageOf: (at, of) => `Strona ${at} z ${of}`,
  print: 'Drukuj',
  exportPdf: 'Eksportuj do PDF',
  exportCsv: 'Eksportuj do CSV',
  viewReport: 'Wyświetl raport',
  continued: (title) => `${title} (ciąg dalszy)`,
  allValues: '(Wszystkie)',
  tileEmpty: 'Ten kafelek nie ma nic do pokazania.',
  noAnswer: 'Żadne dane nie pasują do tego pytania.',
  showData: 'Pokaż dane',
  showing: 'Wyświetlane:',
  tryAsking: 'Spróbuj:',
  askingAnswer: 'Szukanie odpowiedzi…',
  loadingDashboard: 'Wczytywanie pulpitu nawigacyjnego…',
  loadingTile: 'Wczytywanie kafelka…',
  dashboardFailed: 'Nie udało się wczytać pulpitu nawigacyjnego.',
  tileFailed: 'Nie udało się wczytać kafelka.',
  tileDataFailed: 'Nie udało się wczytać danych tego kafelka.',
  qnaFailed: 'Nie udało się wczytać Pytań i odpowiedzi.',
  questionFailed: 'Nie udało się odpowiedzieć na to pytanie.',
  askQuestion: 'Zadaj pytanie dotyczące danych',
  ask: 'Zapytaj',
  firstRowsOnly: (rows) => `Pokazano tylko pierwsze wiersze: ${rows}.`,
};

const ru: ChromeMessages = {
  waitingForHost: 'Ожидание страницы-хоста…',
  loadingReport: 'Загрузка отчета…',
  reportFailed: 'Не удалось загрузить отчет.',
  kindUnavailable: 'Этот вид содержимого пока недоступен.',
  noPages: 'В этом отчете нет страниц.',
  emptyPage: 'На этой странице нечего показать.',
  loading: 'Загрузка…',
  visualFailed: 'Не удалось загрузить данные этого визуального элемента.',
  pages: 'Страницы',
  filters: 'Фильтры',
  onAllPages: 'На всех страницах',
  onThisPage: 'На этой странице',
  noFilters: 'Нет',
  filterIs: (target, values) => `${target}: ${values}`,
  filterIsNot: (target, values) => `${target}: кроме ${values}`,
  filterIsAny: (target) => `${target}: любое значение`,
  filterRelative: (target, units) => `${target}: относительный, единиц: ${units}`,
  bookmarks: 'Закладки',
  previousBookmark: 'Предыдущая закладка',
  nextBookmark: 'Следующая закладка',
  exitBookmarks: 'Выйти',
  position: (at, of) => `(${at} из ${of})`,
  slicerAll: 'Все',
  slicer: 'Срез',
  table: 'Таблица',
  chart: 'диаграмма',
  chartKeys:
    'Клавиши со стрелками переходят между точками данных, Ввод выбирает точку, Shift+F10 открывает ее меню, Escape выходит из диаграммы.',
  chartNoPoints: 'Нет точек данных.',
  point: (text, at, of) => `${text} (${at} из ${of})`,
  selectedPoint: (text) => `${text}, выбрано`,
  report: 'Отчет',
  parameters: 'Параметры',
  editParameters: 'Изменить',
  firstPage: 'Первая страница',
  previousPage: 'Предыдущая страница',
  nextPage: 'Следующая страница',
  lastPage: 'Последняя страница',
  pageOf: (at, of) => `Страница ${at} из ${of}`,
  print: 'Печать',
  exportPdf: 'Экспорт в PDF',
  exportCsv: 'Экспорт в CSV',
  viewReport: 'Просмотреть отчет',
  continued: (title) => `${title} (продолжение)`,
  allValues: '(Все)',
  tileEmpty: 'Этой плитке нечего показать.',
  noAnswer: 'Нет данных, соответствующих этому вопросу.',
  showData: 'Показать данные',
  showing: 'Показано:',
  tryAsking: 'Попробуйте:',
  askingAnswer: 'Поиск ответа…',
  loadingDashboard: 'Загрузка панели мониторинга…',
  loadingTile: 'Загрузка плитки…',
  dashboardFailed: 'Не удалось загрузить панель мониторинга.',
  tileFailed: 'Не удалось загрузить плитку.',
  tileDataFailed: 'Не удалось загрузить данные этой плитки.',
  qnaFailed: 'Не удалось загрузить вопросы и ответы.',
  questionFailed: 'Не удалось ответить на этот вопрос.',
  askQuestion: 'Задайте вопрос о своих данных',
  ask: 'Спросить',
  firstRowsOnly: (rows) => `Показаны только первые строки: ${rows}.`,
};

/** Every language's chrome wording, by primary subtag (the unit tests check each has every key). */
export const CHROME_MESSAGES: Readonly<Record<string, ChromeMessages>> = { en, de, es, fr, ja, pl, ru };

/**
 * The chrome's wording for a BCP 47 language tag, by its primary subtag; English when there is none for it.
 *
 * @example chromeMessages('de-AT').filters // → 'Filter'
 */
export function chromeMessages(language: string | undefined): ChromeMessages {
  return wordingFor(CHROME_MESSAGES, language, en);
}
