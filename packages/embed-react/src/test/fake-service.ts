/**
 * A stand-in for `service.Service` where the real SDK would need a frame to answer (access tokens,
 * settings, pages, filters, render): it records every call in order and keeps one fake embed per element,
 * reused on re-embed as the real service does. Events are DOM events on the element, as with the real SDK.
 */
import { Dashboard, Embed, Report, type Service } from '@portico/embed';

export interface Call {
  method: string;
  arg?: unknown;
}

export interface FakeEmbed {
  element: HTMLElement;
  config: Record<string, unknown>;
  embedtype: string;
  allowedEvents: string[];
  on(name: string, handler: (event: Event) => void): () => void;
  setAccessToken(token: string): Promise<void>;
  updateSettings(settings: unknown): Promise<void>;
  setPage(pageName: string): Promise<void>;
  updateFilters(operation: number, filters?: unknown): Promise<void>;
  render(): Promise<void>;
}

export interface FakeService {
  /** Pass as the component's `service`. */
  service: Service;
  calls: Call[];
  /** The method names of `calls`, in order. */
  methods(): string[];
  /** The embed of an element, if it has a live one. */
  embedOf(element: Element | null): FakeEmbed | undefined;
}

const kindEvents: Record<string, string[]> = {
  report: Report.allowedEvents,
  dashboard: Dashboard.allowedEvents,
};

/** `failing` names embed methods whose calls reject (after being recorded). */
export function fakeService({ failing = [] as string[] } = {}): FakeService {
  const calls: Call[] = [];
  const embeds = new Map<Element, FakeEmbed>();
  const record = (method: string, arg?: unknown) => {
    calls.push(arg === undefined ? { method } : { method, arg });
    return failing.includes(method) ? Promise.reject(new Error(`${method} failed`)) : Promise.resolve();
  };

  const fakeEmbed = (element: HTMLElement, config: Record<string, unknown>): FakeEmbed => {
    const type = String(config.type);
    return {
      element,
      config,
      embedtype: type,
      allowedEvents: [...new Set([...Embed.allowedEvents, ...(kindEvents[type] ?? [])])],
      on(name, handler) {
        element.addEventListener(name, handler);
        return () => element.removeEventListener(name, handler);
      },
      setAccessToken: (token) => record('setAccessToken', token),
      updateSettings: (settings) => record('updateSettings', settings),
      setPage: (pageName) => record('setPage', pageName),
      updateFilters: (operation, filters) => record('updateFilters', [operation, filters]),
      render: () => record('render'),
    };
  };

  const embedder = (method: string) => (element: HTMLElement, config: Record<string, unknown>) => {
    record(method, config);
    const existing = embeds.get(element);
    if (existing) {
      existing.config = config;
      return existing;
    }
    const embed = fakeEmbed(element, config);
    embeds.set(element, embed);
    return embed;
  };

  const service = {
    embed: embedder('embed'),
    load: embedder('load'),
    bootstrap: embedder('bootstrap'),
    createReport: embedder('createReport'),
    reset(element: HTMLElement) {
      void record('reset');
      embeds.delete(element);
    },
    setSdkInfo: () => undefined,
  };
  return {
    service: service as unknown as Service,
    calls,
    methods: () => calls.map((call) => call.method),
    embedOf: (element) => (element ? embeds.get(element) : undefined),
  };
}
