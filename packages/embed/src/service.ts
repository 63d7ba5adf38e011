/**
 * The entry point: embeds components into host elements, keeps the list of embeds, and routes what the
 * frames send (replies, events, hook calls) to the embed whose iframe sent it.
 */
import type { IPage } from '@portico/models';
import { Header, InboundRoute, SDK_VERSION, createSdkSessionId, isRequest, respond } from '@portico/protocol';
import { Create } from './create.ts';
import { Dashboard } from './dashboard.ts';
import { Embed, createFrame, type IEmbedConfiguration } from './embed.ts';
import { embedError } from './errors.ts';
import { Qna, QuickCreate } from './extras.ts';
import { raiseCustomEvent, type IEvent } from './events.ts';
import {
  hpmFactory,
  routerFactory,
  wpmpFactory,
  type IExtendedRequest,
  type IExtendedResponse,
  type IHpmFactory,
  type IHttpPostMessage,
  type IRouter,
  type IRouterFactory,
  type IWindowPostMessageProxy,
  type IWpmpFactory,
} from './factories.ts';
import { embedOrigin, type OriginPolicy } from './origins.ts';
import { Page } from './page.ts';
import { Report } from './report.ts';
import { Tile } from './tile.ts';
import type {
  IComponentEmbedConfiguration,
  IDashboardEmbedConfiguration,
  IQuickCreateConfiguration,
  IReportCreateConfiguration,
  IQnaEmbedConfiguration,
  IReportEmbedConfiguration,
  ITileEmbedConfiguration,
  IVisualEmbedConfiguration,
} from './types.ts';
import { Visual } from './visual.ts';

export type { ICustomEvent, IEvent, IEventHandler } from './events.ts';
export type { IHpmFactory, IRouterFactory, IWpmpFactory } from './factories.ts';
export type { IComponentEmbedConfiguration } from './types.ts';

export interface IPowerBiElement extends HTMLElement {
  powerBiEmbed?: Embed;
}

export interface IDebugOptions {
  logMessages?: boolean;
  wpmpName?: string;
}

export interface IServiceConfiguration extends IDebugOptions, OriginPolicy {
  autoEmbedOnContentLoaded?: boolean;
  /** Receives failures of work the SDK starts by itself (loads on iframe load, events); logs by default. */
  onError?: (error: unknown) => unknown;
  version?: string;
  type?: string;
  sdkWrapperVersion?: string;
  /** Milliseconds before a call to the frame rejects with a `TimeoutError`; 30 000 by default. */
  timeoutMs?: number;
}

export interface IService {
  hpm: IHttpPostMessage;
}

/** Builds a registered component kind (see `Service.register`). */
export type IEmbedComponentFactory = (
  service: Service,
  element: HTMLElement,
  config: IEmbedConfiguration,
  phasedRender?: boolean,
  isBootstrap?: boolean,
) => Embed;

/** The embed kinds by `config.type`: `service.embed(el, { type: 'report', … })` returns a `Report`. */
export interface EmbedKinds {
  report: Report;
  visual: Visual;
  dashboard: Dashboard;
  tile: Tile;
  qna: Qna;
}
export type EmbedOf<T> = T extends keyof EmbedKinds ? EmbedKinds[T] : Embed;

type Config = IComponentEmbedConfiguration | IEmbedConfiguration;
type Typed<T extends string> = Config & { type?: T };
type Kind = new (s: Service, e: HTMLElement, c: IEmbedConfiguration, p?: boolean, b?: boolean) => Embed;
const components = new Map<string, Kind>([
  ['tile', Tile],
  ['report', Report],
  ['dashboard', Dashboard],
  ['qna', Qna],
  ['visual', Visual],
]);

export class Service implements IService {
  /** The fallback access token of embeds that have none of their own. */
  accessToken: string | undefined;
  readonly config: IServiceConfiguration;
  embeds: Embed[] = [];
  hpm: IHttpPostMessage;
  wpmp: IWindowPostMessageProxy;
  router: IRouter<Embed>;
  private readonly _sessionId = createSdkSessionId();
  private readonly _registered = new Map<string, IEmbedComponentFactory>();

  /** `new Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory, { timeoutMs: 10_000 })` */
  constructor(
    hpm: IHpmFactory = hpmFactory,
    wpmp: IWpmpFactory = wpmpFactory,
    router: IRouterFactory = routerFactory,
    config: IServiceConfiguration = {},
  ) {
    this.config = config;
    this.wpmp = wpmp(config.wpmpName, config.logMessages);
    this.hpm = hpm(this.wpmp, null, config.version, config.type, config.sdkWrapperVersion);
    this.router = router(this.wpmp) as IRouter<Embed>;
    for (const [name, pattern] of Object.entries(InboundRoute)) {
      const type = name === 'dashboard' || name === 'tile' || name === 'qna' ? name : 'report';
      this.router.post(pattern, (req, res) =>
        name === 'hook' ? this._answerHook(req, res) : this._acknowledge(type, req, res),
      );
    }
    if (config.autoEmbedOnContentLoaded) this.enableAutoEmbed();
  }

  /** Embeds the component the configuration (or the element's `powerbi-*` attributes) describes. */
  embed<T extends string = string>(element: HTMLElement, config: Typed<T> = {}): EmbedOf<T> {
    return this.embedInternal(element, config) as EmbedOf<T>;
  }

  /** Embeds for phased rendering: a report is prepared (`/report/prepare`) and shown by `report.render()`. */
  load<T extends string = string>(element: HTMLElement, config: Typed<T> = {}): EmbedOf<T> {
    return this.embedInternal(element, config, true, false) as EmbedOf<T>;
  }

  /** Starts the iframe before the access token is known; a later `embed` on the element completes it. */
  bootstrap<T extends string = string>(element: HTMLElement, config: Typed<T>): EmbedOf<T> {
    return this.embedInternal(element, config, false, true) as EmbedOf<T>;
  }

  /** Opens the report-creation surface for a dataset. */
  createReport(element: HTMLElement, config: IEmbedConfiguration | IReportCreateConfiguration): Embed {
    // A copy: the caller's configuration may be frozen (Redux, immer) and is never written to.
    const typed = { ...config, type: 'create' } as IEmbedConfiguration;
    return this._add(new Create(this, element, typed), element);
  }

  /** Opens the quick-create surface for an inline dataset. */
  quickCreate(element: HTMLElement, config: IQuickCreateConfiguration): Embed {
    const typed = { ...config, type: 'quickCreate' } as IEmbedConfiguration;
    return this._add(new QuickCreate(this, element, typed), element);
  }

  /** Embeds every element under `container` (the body by default) that has a `powerbi-embed-url` attribute. */
  init(container?: HTMLElement, config?: Config): Embed[] {
    const root = container instanceof HTMLElement ? container : document.body;
    return [...root.querySelectorAll<HTMLElement>(`[${Embed.embedUrlAttribute}]`)].map((element) =>
      this.embed(element, { ...config }),
    );
  }

  /** Runs `init()` on `DOMContentLoaded`. */
  enableAutoEmbed(): void {
    window.addEventListener('DOMContentLoaded', () => this.init(document.body), false);
  }

  /** @hidden */
  embedInternal(
    element: HTMLElement,
    config: Config = {},
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ): Embed {
    if (!(element as IPowerBiElement).powerBiEmbed)
      return this._embedNew(element, config, phasedRender, isBootstrap);
    if (isBootstrap) {
      throw embedError('Attempted to bootstrap an element that is already a powerbi element.');
    }
    return this._embedExisting(element, config, phasedRender);
  }

  private _embedNew(
    element: HTMLElement,
    config: Config,
    phasedRender?: boolean,
    isBootstrap?: boolean,
  ): Embed {
    const type = config.type || element.getAttribute(Embed.typeAttribute);
    if (!type) {
      throw embedError(
        `Could not determine what type of component to embed. You must specify a type in the configuration or as an attribute such as '${Embed.typeAttribute}="report"'.`,
      );
    }
    const typed = { ...config, type }; // a copy: the caller's configuration is never written to
    const Kind = components.get(type);
    const build: IEmbedComponentFactory | undefined =
      this._registered.get(type.toLowerCase()) ?? (Kind && ((...args) => new Kind(...args)));
    if (!build) {
      throw embedError(
        `Attempted to embed component of type: ${type} but did not find any matching component.`,
      );
    }
    return this._add(build(this, element, typed as IEmbedConfiguration, phasedRender, isBootstrap), element);
  }

  private _embedExisting(element: HTMLElement, config: Config, phasedRender?: boolean): Embed {
    const component = this.embeds.find((embed) => embed.element === element);
    if (!component) {
      throw embedError('The element already holds an embed of another service.');
    }
    const type = config.type;
    if (type?.toLowerCase() === 'qna') return this._embedNew(element, config);
    if (typeof type === 'string' && type !== component.config.type) {
      if (type === 'report' && /create$/i.test(component.config.type ?? '')) {
        // A created report opens in the iframe that created it; it keeps the unique id the frame knows.
        const next = { uniqueId: component.config.uniqueId, ...config } as IEmbedConfiguration;
        const report = new Report(this, element, next, false, false, component.iframe);
        report.iframeLoaded = component.iframeLoaded;
        this._add(report, element);
        report.load().catch((error: unknown) => this._raiseError(error));
        return report;
      }
      throw embedError(
        `Embedding on an existing element with a different type than the previous embed object is not supported: ${component.config.type} is not ${type}.`,
      );
    }
    component.populateConfig(config as IEmbedConfiguration, false);
    component.load(phasedRender).catch((error: unknown) => this._raiseError(error));
    return component;
  }

  /** The embed of an element; throws when it has none. */
  get(element: HTMLElement): Embed {
    const embed = (element as IPowerBiElement).powerBiEmbed;
    if (!embed) {
      throw embedError(
        `You attempted to get an instance of powerbi component associated with element: ${element.outerHTML} but there was no associated instance.`,
      );
    }
    return embed;
  }

  /** The embed with the given unique id (`config.uniqueId` or the `powerbi-name` attribute). */
  find(uniqueId: string): Embed | undefined {
    return this.embeds.find((embed) => embed.config.uniqueId === uniqueId);
  }

  /** @hidden Records a new embed of an element, resetting the one it replaces. */
  addOrOverwriteEmbed(component: Embed, element: HTMLElement): void {
    for (const embed of this.embeds) if (embed.element === element && embed !== component) embed.destroy();
    this.embeds = [...this.embeds.filter((embed) => embed.element !== element), component];
  }

  private _add(component: Embed, element: HTMLElement): Embed {
    (element as IPowerBiElement).powerBiEmbed = component;
    this.addOrOverwriteEmbed(component, element);
    return component;
  }

  /** Removes the element's embed: its listeners, handlers, pending calls (rejected) and iframe. Safe twice. */
  reset(element: HTMLElement): void {
    const embed = (element as IPowerBiElement).powerBiEmbed;
    if (!embed) return;
    embed.destroy();
    this.embeds = this.embeds.filter((other) => other !== embed);
    delete (element as IPowerBiElement).powerBiEmbed;
    embed.iframe.remove();
  }

  getNumberOfComponents(): number {
    return this.embeds.length;
  }

  /** The id of this service's session, sent with every load: 20 hex characters. */
  getSdkSessionId(): string {
    return this._sessionId;
  }

  getSDKVersion(): string {
    return SDK_VERSION;
  }

  /** Overrides the `x-sdk-type` and `x-sdk-wrapper-version` headers (wrappers such as the React component). */
  setSdkInfo(type: string, version: string): void {
    Object.assign(this.hpm.defaultHeaders, { [Header.SdkType]: type, [Header.SdkWrapperVersion]: version });
  }

  /** Warms the embed endpoint in a hidden iframe, which raises `preloaded` when it has loaded. */
  preload(config: Config, element?: HTMLElement): HTMLIFrameElement {
    embedOrigin(config.embedUrl ?? '', this.config);
    const iframe = createFrame(config.embedUrl ?? '', 'display:none;', false);
    (element ?? document.body).appendChild(iframe);
    iframe.addEventListener('load', () => raiseCustomEvent(iframe, 'preloaded', {}));
    return iframe;
  }

  /**
   * Adds an embed kind of your own: `service.embed` builds it for `config.type === componentType` (in any
   * case), and its events arrive on `routerEventUrls` (patterns with `:uniqueId` and `:eventName`).
   */
  register(
    componentType: string,
    embedComponentFactory: IEmbedComponentFactory,
    routerEventUrls: string[],
  ): void {
    const key = componentType.toLowerCase();
    if (components.has(key)) {
      throw embedError('The component name is reserved. Cannot register a component with this name.');
    }
    if (this._registered.has(key)) throw embedError('A component with this type is already registered.');
    // Checked before anything is registered (powerbi-client registered the type, then threw mid-list).
    if (routerEventUrls.some((url) => !url.includes(':uniqueId') || !url.includes(':eventName'))) {
      throw embedError('Invalid router event URL');
    }
    this._registered.set(key, embedComponentFactory);
    for (const url of routerEventUrls)
      this.router.post(url, (req, res) => this._acknowledge(componentType, req, res));
  }

  /** Answers a hook call: 404 without a hook, 200 with its result, 400 (and a logged error) when it throws. */
  async invokeSDKHook(
    hook: ((request: never) => unknown) | undefined,
    req: Pick<IExtendedRequest, 'body'>,
    res: IExtendedResponse,
  ): Promise<void> {
    if (!hook) return res.send(404, null);
    try {
      res.send(200, await hook(req.body as never));
    } catch (error) {
      res.send(400, null);
      console.error(error);
    }
  }

  /** @hidden Handles what an embed's iframe posted (its window and origin are already checked). */
  _receive(embed: Embed, data: unknown): void {
    if (embed._channel.handleMessage(data) || !isRequest(data)) return;
    const send = (statusCode: number, body: unknown = null) => {
      try {
        embed._post(respond(data.headers.id, statusCode, body));
      } catch (error) {
        this._raiseError(error);
      }
    };
    try {
      if (!this.router.handle(data, { send }, embed))
        send(404, { message: `No route for ${data.method} ${data.url}` });
    } catch (error) {
      this._raiseError(error);
    }
  }

  /** @hidden Raises an event on its embed's element, if `source` (when given) is that embed. */
  handleEvent(event: IEvent<unknown>, source?: Embed): void {
    const embed = source ?? this.find(event.id);
    if (!embed || embed.config.uniqueId !== event.id) return;
    let value = event.value;
    if (event.name === 'pageChanged') {
      const page = (value as { newPage?: IPage } | null)?.newPage;
      if (!page) throw embedError(`Page model not found at 'event.value.newPage'.`);
      value = { ...(value as object), newPage: new Page(embed as Report, page.name, page.displayName, true) };
    }
    raiseCustomEvent(embed.element, event.name, value);
  }

  /** @hidden Reports a failure nobody awaits. */
  _raiseError(error: unknown): void {
    if (this.config.onError) this.config.onError(error);
    else console.error(error);
  }

  private _acknowledge(type: string, req: IExtendedRequest<Embed>, res: IExtendedResponse): void {
    res.send(200, null);
    const { uniqueId = '', eventName = 'ready' } = req.params;
    this.handleEvent({ type, id: uniqueId, name: eventName, value: req.body }, req.source);
  }

  private _answerHook(req: IExtendedRequest<Embed>, res: IExtendedResponse): Promise<void> | void {
    const embed = req.source;
    const { uniqueId, eventName } = req.params;
    const hooks = embed.eventHooks;
    if (embed.config.uniqueId !== uniqueId) return res.send(404, null);
    const hook =
      eventName === 'newAccessToken'
        ? hooks?.accessTokenProvider
        : eventName === 'preQuery' && embed.embedtype !== 'quickcreate'
          ? hooks?.applicationContextProvider
          : null;
    if (hook === null) {
      const message = `${eventName} eventHook is not supported`;
      this._raiseError(embedError(message));
      return res.send(400, { message });
    }
    const body = typeof req.body === 'object' && req.body !== null ? req.body : {};
    return this.invokeSDKHook(hook, { body: { ...body, report: embed } }, res);
  }
}

let shared: Service | undefined;

/** The page's shared service, created on first use (the UMD build exposes it as `window.powerbi`). */
export const getDefaultService = (): Service => (shared ??= new Service());

export type {
  IDashboardEmbedConfiguration,
  IQnaEmbedConfiguration,
  IReportEmbedConfiguration,
  ITileEmbedConfiguration,
  IVisualEmbedConfiguration,
};
