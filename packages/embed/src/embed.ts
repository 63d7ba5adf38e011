/**
 * The base of every embed kind: it owns the iframe, the configuration, the channel to the frame and the
 * event handlers of its host element. Every call to the frame goes through `send` (one request helper,
 * one place for the `uid` header, the timeout and the RDL refusal).
 */
import {
  LayoutType,
  TokenType,
  validateCreateReport,
  type ICommandExtension,
  type IEmbedConfiguration as IModelsEmbedConfiguration,
  type IError,
  type IEventHooks as IModelsEventHooks,
  type IMenuGroupExtension,
  type IReportCreateConfiguration,
  type ISaveAsParameters,
} from '@portico/models';
import {
  Call,
  Header,
  createChannel,
  createUid,
  fillRoute,
  parseCall,
  sessionHeaders,
  type CallSpec,
  type Channel,
  type IResponse,
  type OutgoingRequest,
  type RequestHeaders,
} from '@portico/protocol';
import {
  EmbedErrorCode,
  RDL_NOT_SUPPORTED,
  assertValid,
  embedError,
  notSupported,
  requireValue,
} from './errors.ts';
import { menusOf } from './menu-commands.ts';
import { EMBED_EVENTS, type EmbedEvents, type IEventHandler } from './events.ts';
import { addParam, embedOrigin, findParam, isRdl } from './origins.ts';
import type { Service } from './service.ts';

/** Host hooks the frame may call (`preQuery`, `newAccessToken`), given the embed as `request.report`. */
export type IEventHooks = IModelsEventHooks<Embed>;

/** The configuration fields every embed kind reads; each kind's public configuration type is narrower. */
export interface IEmbedConfiguration extends IModelsEmbedConfiguration {
  visualName?: string;
  datasetIds?: string[];
  question?: string;
}

export type IEmbedConfigurationBase = IEmbedConfiguration;

/**
 * An iframe for `src` as powerbi-client makes them (`style`, `src`, `scrolling="no"`, `allowfullscreen`), not
 * yet in the page: the embed's own, and the hidden one of `preload`.
 */
export function createFrame(src: string, style: string, allowFullscreen: boolean): HTMLIFrameElement {
  const iframe = document.createElement('iframe');
  iframe.setAttribute('style', style);
  iframe.setAttribute('src', src);
  iframe.setAttribute('scrolling', 'no');
  iframe.setAttribute('allowfullscreen', String(allowFullscreen));
  return iframe;
}

export abstract class Embed<E extends EmbedEvents = EmbedEvents> {
  static allowedEvents: string[] = EMBED_EVENTS;
  static accessTokenAttribute = 'powerbi-access-token';
  static embedUrlAttribute = 'powerbi-embed-url';
  static nameAttribute = 'powerbi-name';
  static typeAttribute = 'powerbi-type';
  static defaultEmbedHostName = 'https://app.powerbi.com';
  static maxFrontLoadTimes = 2;
  static type: string;
  /** The call that loads this kind (report, dashboard, tile or Q&A). */
  static _loadCall: CallSpec = Call.reportLoad;

  /** This embed's events: every embed's, then its kind's (`static allowedEvents`). */
  allowedEvents: string[] = [
    ...new Set([...EMBED_EVENTS, ...(this.constructor as typeof Embed).allowedEvents]),
  ];
  eventHandlers: { name: string; handle: IEventHandler<never> }[] = [];
  eventHooks: IEventHooks | undefined;
  element: HTMLElement;
  iframe!: HTMLIFrameElement;
  iframeLoaded = false;
  config!: IEmbedConfiguration;
  bootstrapConfig: IEmbedConfiguration | undefined;
  embedtype: string;
  frontLoadHandler: (() => void) | undefined;
  lastLoadRequest: Date | undefined;
  /** The iframe's origin: the only target of our messages and the only origin we accept them from. */
  origin = '';
  /** This view's per-call timeout (see `withTimeout`); the service's default when undefined. */
  timeoutMs: number | undefined;
  /** State shared with the views `withTimeout` makes: menu commands and the layout the embed started with. */
  protected readonly _menus = {
    commands: [] as ICommandExtension[],
    groups: [] as IMenuGroupExtension[],
    layout: LayoutType.Master,
  };
  /** @hidden */
  _channel!: Channel;
  private _cleanups: (() => void)[] = [];
  private _destroyed = false;

  constructor(
    readonly service: Service,
    element: HTMLElement,
    config: IEmbedConfiguration,
    phasedRender?: boolean,
    isBootstrap?: boolean,
    iframe?: HTMLIFrameElement,
  ) {
    this.element = element;
    if (iframe) this.iframe = iframe;
    this.embedtype = String(config.type).toLowerCase();
    this.populateConfig(config, !!isBootstrap);
    this._setIframe(!/create$/.test(this.embedtype), phasedRender, isBootstrap);
  }

  /** The id of the content (report, dashboard, tile, dataset), or null where a kind has none. */
  abstract getId(): string | null;
  /** Validates the load (or create) configuration; `undefined` when valid. */
  abstract validate(config: IEmbedConfiguration): IError[] | undefined;
  /** Fills the kind's derived fields after the configuration changed. */
  abstract configChanged(isBootstrap: boolean): void;
  /** The endpoint of the default embed URL, e.g. `reportEmbed`. */
  abstract getDefaultEmbedUrlEndpoint(): string;

  /** Posts the create request of create and quick-create embeds; nothing for the other kinds. */
  create(): Promise<void> {
    return Promise.resolve();
  }

  /**
   * A view of this embed whose calls time out after `ms` (the service's default otherwise).
   *
   * @example const pages = await report.withTimeout(5_000).getPages();
   */
  withTimeout(ms: number): this {
    return Object.create(this, { timeoutMs: { value: ms } }) as this;
  }

  /**
   * @hidden The one way a request reaches the frame: the call of the protocol's table with its route
   * params, the `uid` header (or the given headers), this view's timeout. `refuseRdl` rejects the call
   * for paginated reports instead. GET requests carry no body.
   */
  _send<B = void>(
    call: CallSpec,
    body?: unknown,
    refuseRdl?: boolean,
    params: Record<string, string> = {},
    headers: RequestHeaders = { [Header.Uid]: this.config.uniqueId },
  ): Promise<IResponse<B>> {
    if (refuseRdl && isRdl(this.config.embedUrl)) return notSupported(RDL_NOT_SUPPORTED);
    const { method, path } = parseCall(call);
    const request: OutgoingRequest = { method, url: fillRoute(path, params), headers };
    if (method !== 'GET') request.body = body;
    return this._channel.request<B>(request, { timeoutMs: this.timeoutMs });
  }

  /** @hidden Like `send`, resolving with the reply's body. */
  _ask<B = void>(...args: Parameters<Embed['_send']>): Promise<B> {
    return this._send<B>(...args).then((reply) => reply.body);
  }

  /** @hidden Posts a message to the frame, at its exact origin. */
  _post(message: unknown): void {
    const target = this._destroyed ? null : this.iframe.contentWindow;
    if (!target) throw new Error('The embed was reset or its frame is gone');
    target.postMessage(message, this.origin);
  }

  /** Sends a create request with the given configuration, e.g. `embed.createReport({ datasetId, accessToken })`. */
  createReport(config: IReportCreateConfiguration): Promise<void> {
    return this._postCreate(Call.createReport, config, validateCreateReport(config));
  }

  /** @hidden */
  protected async _postCreate(call: CallSpec, config: unknown, errors: IError[] | undefined): Promise<void> {
    assertValid(errors);
    return this._ask(call, config, false, {}, this._sessionHeaders());
  }

  /** The session headers of a create request, or of a load with `load` (protocol's `sessionHeaders`). */
  private _sessionHeaders(load?: { bootstrapped?: boolean | undefined }): RequestHeaders {
    const tokenProvider = !!this.eventHooks?.accessTokenProvider;
    return sessionHeaders(this.config.uniqueId, this.service.getSdkSessionId(), tokenProvider, load);
  }

  save(): Promise<void> {
    return this._ask(Call.save, null);
  }

  saveAs(saveAsParameters: ISaveAsParameters): Promise<void> {
    return this._ask(Call.saveAs, saveAsParameters);
  }

  getCorrelationId(): Promise<string> {
    return this._ask(Call.getCorrelationId);
  }

  /**
   * Posts the load request (or `prepare` for a phased report load). Skipped without an access token, before
   * the iframe loaded, or within 100 ms of the previous load.
   */
  async load(phasedRender?: boolean): Promise<void> {
    const { config } = this;
    const now = new Date();
    if (!config.accessToken || !this.iframeLoaded) return;
    if (this.lastLoadRequest && now.getTime() - this.lastLoadRequest.getTime() < 100) return;
    this.lastLoadRequest = now;
    // Only reports load in phases (powerbi-client decides by the configured type).
    const call =
      phasedRender && config.type === 'report'
        ? Call.reportPrepare
        : (this.constructor as typeof Embed)._loadCall;
    return this._ask(call, config, false, {}, this._sessionHeaders(config));
  }

  /** Loads again with the current configuration. */
  reload(): Promise<void> {
    return this.load();
  }

  /**
   * Listens to an event of this embed; returns the function that stops listening.
   *
   * @example const stop = report.on('pageChanged', (event) => console.info(event.detail.newPage.name));
   */
  on<K extends keyof E & string>(eventName: K, handler: IEventHandler<E[K]>): () => void {
    if (!this.allowedEvents.includes(eventName)) {
      throw embedError(`eventName must be one of ${String(this.allowedEvents)}. You passed: ${eventName}`);
    }
    this.eventHandlers.push({ name: eventName, handle: handler });
    this.element.addEventListener(eventName, handler as EventListener);
    return () => this.off(eventName, handler);
  }

  /** Removes one handler of an event, or all of them when no handler is given. */
  off<K extends keyof E & string>(eventName: K, handler?: IEventHandler<E[K]>): void {
    // In place, so that views made by `withTimeout` share the list.
    const handlers = this.eventHandlers;
    for (let index = handlers.length - 1; index >= 0; index--) {
      const entry = handlers[index];
      if (entry?.name !== eventName || (handler && entry.handle !== handler)) continue;
      handlers.splice(index, 1);
      this.element.removeEventListener(eventName, entry.handle as EventListener);
    }
  }

  /** Sends a new access token to the frame and keeps it in the configuration and on the element. */
  async setAccessToken(accessToken: string): Promise<void> {
    if (!accessToken) throw embedError('Access token cannot be empty');
    const type = this.config.type ?? '';
    // As in powerbi-client 2.24: every kind but dashboards and tiles takes its token on the report route.
    const embedType = ['create', 'quickCreate', 'visual', 'qna'].includes(type) ? 'report' : type;
    await this._ask(Call.setAccessToken, accessToken, false, { embedType });
    this.config.accessToken = accessToken;
    this.element.setAttribute(Embed.accessTokenAttribute, accessToken);
    this.service.accessToken = accessToken;
  }

  /** @hidden Merges a (re-)embed configuration and derives the URL, ids, token and hooks from it. */
  populateConfig(config: IEmbedConfiguration, isBootstrap: boolean): void {
    const base = this.bootstrapConfig;
    const previousId = (this.config as IEmbedConfiguration | undefined)?.uniqueId;
    this.bootstrapConfig = undefined;
    const next: IEmbedConfiguration = { ...base, ...config };
    this.config = next;
    const attribute = (name: string) => this.element.getAttribute(name) || undefined;
    let embedUrl = next.embedUrl || attribute(Embed.embedUrlAttribute);
    if (isBootstrap && !embedUrl) embedUrl = this._defaultEmbedUrl(next.hostname);
    embedUrl = requireValue(embedUrl, 'Embed Url', 'an embed url', Embed.embedUrlAttribute);
    embedOrigin(embedUrl, this.service.config);
    const locale = next.settings?.localeSettings;
    for (const key of ['language', 'formatLocale'] as const) {
      const value = locale?.[key];
      if (value) embedUrl = addParam(embedUrl, key, value);
    }
    next.embedUrl = embedUrl;
    const groupId = next.groupId || findParam(embedUrl, 'groupId');
    if (groupId) next.groupId = groupId;
    // A re-embed keeps the id the frame was loaded with (it is in the iframe's src), so events still match.
    next.uniqueId = next.uniqueId || attribute(Embed.nameAttribute) || previousId || createUid();

    Object.assign(this._menus, menusOf(next.settings?.extensions), {
      layout: next.settings?.layoutType ?? LayoutType.Master,
    });

    if (isBootstrap) {
      this.bootstrapConfig = next;
      next.bootstrapped = true;
    } else {
      const token = next.accessToken || attribute(Embed.accessTokenAttribute) || this.service.accessToken;
      if (token) next.accessToken = token;
      else {
        throw embedError(
          `No access token was found for element. You must specify an access token directly on the element using attribute '${Embed.accessTokenAttribute}' or specify a global token at: powerbi.accessToken.`,
        );
      }
    }
    this.eventHooks = next.eventHooks;
    delete next.eventHooks; // functions cannot cross postMessage
    this._validateEventHooks();
    this.configChanged(isBootstrap);
  }

  private _validateEventHooks(): void {
    const hooks = this.eventHooks;
    if (!hooks) return;
    for (const [key, hook] of Object.entries(hooks)) {
      if (typeof hook !== 'function') throw embedError(`${key} must be a function`);
    }
    if (hooks.applicationContextProvider) {
      if (this.embedtype !== 'report') {
        throw embedError('applicationContextProvider is only supported in report embed');
      }
      this.config.embedUrl = addParam(this.config.embedUrl ?? '', 'registerQueryCallback', 'true');
    }
    if (
      hooks.accessTokenProvider &&
      (!['create', 'quickcreate', 'report'].includes(this.embedtype) ||
        this.config.tokenType !== TokenType.Aad)
    ) {
      throw embedError('accessTokenProvider is only supported in report SaaS embed');
    }
  }

  private _defaultEmbedUrl(hostname = Embed.defaultEmbedHostName): string {
    const host = hostname.toLowerCase().trim();
    if (host.startsWith('http://'))
      throw embedError('HTTP is not allowed. HTTPS is required', EmbedErrorCode.InvalidUrl);
    return `${host.startsWith('https://') ? host : `https://${host}`}/${this.getDefaultEmbedUrlEndpoint()}`;
  }

  private _setIframe(isLoad: boolean, phasedRender?: boolean, isBootstrap?: boolean): void {
    const { config, element, service } = this;
    // Validate and check the origin before touching the DOM: a refused configuration leaves the element as it was.
    if (isLoad && !isBootstrap) assertValid(this.validate(config));
    const src =
      this.iframe?.getAttribute('src') ??
      (config.uniqueId ? addParam(config.embedUrl ?? '', 'uid', config.uniqueId) : config.embedUrl);
    this.origin = embedOrigin(src || config.embedUrl || '', service.config);
    if (!this.iframe) {
      const iframe = createFrame(src ?? '', 'width:100%;height:100%', true);
      element.replaceChildren(iframe);
      this.iframe = iframe;
    }
    this._channel = createChannel({
      post: (message) => this._post(message),
      headers: () => service.hpm.defaultHeaders,
      timeoutMs: service.config.timeoutMs,
    });
    const receive = (data: unknown) => service._receive(this, data);
    this._cleanups.push(
      service.wpmp.connect({ source: () => this.iframe.contentWindow, origin: this.origin, receive }),
    );
    this._listen(this.iframe, 'load', () => {
      this.iframeLoaded = true;
      this._settle(isLoad ? this.load(phasedRender) : this.create());
    });
    if (isLoad && service.getNumberOfComponents() <= Embed.maxFrontLoadTimes) {
      const handler = () => this._settle(this._frontLoadSendConfig(this.config));
      this.frontLoadHandler = handler;
      this._listen(element, 'ready', handler);
    }
  }

  /** Sends the configuration again when the frame says it is ready (front-load, for the first embeds only). */
  private async _frontLoadSendConfig(config: IEmbedConfiguration): Promise<void> {
    if (!config.accessToken) return;
    assertValid(this.validate(config));
    if (!this.iframe.contentWindow) return;
    return this._ask(Call.frontLoad, config);
  }

  private _listen(target: EventTarget, type: string, listener: () => void): void {
    target.addEventListener(type, listener);
    this._cleanups.push(() => target.removeEventListener(type, listener));
  }

  /** Failures of work started by the DOM (iframe load, ready) go to the service's error handler. */
  private _settle(work: Promise<unknown>): void {
    work.catch((error: unknown) => this.service._raiseError(error));
  }

  /** @hidden Removes every listener and handler and rejects pending calls. Safe to call twice. */
  destroy(): void {
    for (const { name } of [...this.eventHandlers]) this.off(name as keyof E & string);
    for (const cleanup of this._cleanups.splice(0)) cleanup();
    this.frontLoadHandler = undefined;
    this._destroyed = true;
    this._channel.rejectAll('The embed was reset');
  }

  /** Shows the iframe in full screen. */
  fullscreen(): void {
    this._settle(Promise.resolve(this.iframe.requestFullscreen?.()));
  }

  /** Leaves full screen when this embed's iframe is in it. */
  exitFullscreen(): void {
    if (document.fullscreenElement === this.iframe) this._settle(document.exitFullscreen());
  }

  /** Sets the iframe's title for accessibility (`null` removes it). */
  setComponentTitle(title: string | null): void {
    if (title == null) this.iframe?.removeAttribute('title');
    else this.iframe?.setAttribute('title', title);
  }

  setComponentTabIndex(tabIndex?: number): void {
    this.element.setAttribute('tabindex', tabIndex == null ? '0' : String(tabIndex));
  }

  removeComponentTabIndex(_tabIndex?: number): void {
    this.element.removeAttribute('tabindex');
  }

  static findGroupIdFromEmbedUrl(url: string): string | undefined {
    return findParam(url, 'groupId');
  }
}
