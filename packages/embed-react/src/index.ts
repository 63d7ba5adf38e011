/**
 * @portico/embed-react — the React component for `@portico/embed`, prop-compatible with
 * powerbi-client-react 2.x: `import { PowerBIEmbed } from '@portico/embed-react'`.
 *
 * ```tsx
 * <PowerBIEmbed
 *   embedConfig={{ type: 'report', id, embedUrl, accessToken, tokenType: models.TokenType.Embed }}
 *   eventHandlers={new Map([['loaded', () => console.info('loaded')]])}
 *   getEmbeddedComponent={(embed) => setReport(embed as Report)}
 * />
 * ```
 *
 * Importing it does nothing: no globals, no listeners, no service until a component mounts.
 */
export { PowerBIEmbed, PowerBIEmbed as Embed } from './power-bi-embed.tsx';
export { EmbedType } from './types.ts';
export type { EmbedConfig, EmbedProps, EventHandler } from './types.ts';
// The core's types, so that an app typing its props and callbacks needs one import.
export type {
  Create,
  Dashboard,
  Embed as EmbeddedComponent,
  ICustomEvent,
  IDashboardEmbedConfiguration,
  IEmbedConfiguration,
  IEmbedSettings,
  IEventHooks,
  IQnaEmbedConfiguration,
  IReportCreateConfiguration,
  IReportEmbedConfiguration,
  ITileEmbedConfiguration,
  IVisualEmbedConfiguration,
  Qna,
  QuickCreate,
  Report,
  Service,
  Tile,
  Visual,
} from '@portico/embed';
