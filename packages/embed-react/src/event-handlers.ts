/**
 * The `eventHandlers` Map on one embed: one stable dispatcher per handled event name, which calls the
 * handler of the latest props. powerbi-client-react re-binds only when a handler's source text changes, so
 * its handlers can see stale closures; here a handler that changes between renders is simply the one called.
 */
import type { DashboardEvents, Embed, QnaEvents, ReportEvents, TileEvents } from '@portico/embed';
import type { EmbedProps, EventHandler } from './types.ts';

type Handlers = EmbedProps['eventHandlers'];
type AnyEvents = ReportEvents & DashboardEvents & TileEvents & QnaEvents;
type EventName = keyof AnyEvents & string;

/** The names that have a handler: what decides which dispatchers exist. */
export const handledNames = (handlers: Handlers): string =>
  [...(handlers ?? [])]
    .filter(([, handler]) => handler)
    .map(([name]) => name)
    .join('\n');

/** `on` takes typed names: a name from the Map is checked against the list `on` itself checks. */
const isEventOf = (embed: Embed, name: string): name is EventName => embed.allowedEvents.includes(name);

export class EventBinding {
  private readonly bound = new Map<string, () => void>();
  private names: string | undefined;

  /** `handlers` returns the Map of the latest props. */
  constructor(
    readonly embed: Embed,
    private readonly handlers: () => Handlers,
  ) {}

  /** Registers dispatchers for newly handled names, unregisters the others, warns about unknown names. */
  sync(): void {
    const handlers = this.handlers();
    const names = handledNames(handlers);
    if (names === this.names) return;
    this.names = names;
    const embed = this.embed as Embed<AnyEvents>;
    const wanted = new Set<EventName>();
    const unknown: string[] = [];
    for (const [name, handler] of handlers ?? []) {
      if (!handler) continue;
      if (isEventOf(embed, name)) wanted.add(name);
      else unknown.push(name);
    }
    for (const [name, off] of this.bound) {
      if (wanted.has(name as EventName)) continue;
      off();
      this.bound.delete(name);
    }
    for (const name of wanted) {
      if (this.bound.has(name)) continue;
      const dispatch = (event: Parameters<EventHandler>[0]) =>
        this.handlers()?.get(name)?.(event, this.embed);
      this.bound.set(name, embed.on(name, dispatch));
    }
    if (unknown.length > 0) {
      console.warn(
        `@portico/embed-react: ${embed.embedtype} embeds raise no ${unknown.join(', ')} event; allowed: ${embed.allowedEvents.join(', ')}`,
      );
    }
  }

  /** Unregisters every dispatcher (a reset embed has already dropped them; this is then a no-op). */
  clear(): void {
    for (const off of this.bound.values()) off();
    this.bound.clear();
  }
}
