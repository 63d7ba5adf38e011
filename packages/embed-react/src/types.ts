/**
 * The component's public types, named as powerbi-client-react 2.x names them.
 */
import type {
  Embed,
  ICustomEvent,
  IDashboardEmbedConfiguration,
  IEmbedConfiguration,
  IQnaEmbedConfiguration,
  IReportCreateConfiguration,
  IReportEmbedConfiguration,
  ITileEmbedConfiguration,
  IVisualEmbedConfiguration,
  Service,
} from '@portico/embed';

/** What `embedConfig` accepts: any embed kind's configuration, or a report-creation one. */
export type EmbedConfig =
  | IReportEmbedConfiguration
  | IDashboardEmbedConfiguration
  | ITileEmbedConfiguration
  | IQnaEmbedConfiguration
  | IVisualEmbedConfiguration
  | IEmbedConfiguration
  | IReportCreateConfiguration;

/**
 * A handler of `eventHandlers`: the event (its `detail` is the frame's body) and the embed that raised it.
 * The detail is `any`, as in powerbi-client-react, because a `Map<string, …>` cannot tie a name to its
 * type; `embed.on('pageChanged', …)` on the embedded component is the typed way.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- powerbi-client-react's handler type
export type EventHandler = (event: ICustomEvent<any>, embeddedEntity: Embed) => unknown;

export interface EmbedProps {
  /** What to embed; compared by value, so a new object literal with the same content changes nothing. */
  embedConfig: EmbedConfig;
  /** Receives the embedded component after every (re-)embed. */
  getEmbeddedComponent?: ((embeddedComponent: Embed) => void) | undefined;
  /** Event name → handler; `null` removes the handler of that event. The latest handlers are called. */
  eventHandlers?: Map<string, EventHandler | null> | undefined;
  /** Class name(s) of the container `div`. */
  cssClassName?: string | undefined;
  /** Loads a report without rendering it (`service.load`); call `report.render()` when ready. */
  phasedEmbedding?: boolean | undefined;
  /** The service to embed with; each component creates its own by default. */
  service?: Service | undefined;
}

/** The embed kinds, as powerbi-client-react's `EmbedType`. */
export enum EmbedType {
  Create = 'create',
  Report = 'report',
  Dashboard = 'dashboard',
  Tile = 'tile',
  Qna = 'qna',
  Visual = 'visual',
}
