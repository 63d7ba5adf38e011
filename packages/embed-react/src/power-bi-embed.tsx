/**
 * `<PowerBIEmbed>`: embeds `embedConfig` into its `div` with `@portico/embed`, keeps the embed in step with
 * the props as powerbi-client-react 2.x does, and resets it on unmount. Rendering only describes the `div`:
 * the service is created and used in effects, so server rendering touches no `window` or `document`.
 */
import { useEffect, useInsertionEffect, useRef, type ReactElement, type RefObject } from 'react';
import {
  Service,
  type Embed,
  type IEmbedConfiguration,
  type IEventHooks,
  type IReportCreateConfiguration,
} from '@portico/embed';
import { applyInPlace, canLoad, changesBetween, isDeepEqual } from './config-changes.ts';
import { EventBinding, handledNames } from './event-handlers.ts';
import type { EmbedConfig, EmbedProps } from './types.ts';

/** Sent as `x-sdk-type` and `x-sdk-wrapper-version`, as powerbi-client-react sends its name and version. */
const SDK_TYPE = 'portico-embed-react';
const SDK_WRAPPER_VERSION = '0.1.0';

type Latest = RefObject<EmbedProps>;

/** The live embed (with its handlers), where it lives, and the configuration applied to it. */
interface Live {
  service: Service;
  element: HTMLElement;
  binding: EventBinding;
  config: EmbedConfig;
}

/**
 * Embeds Portico (or Power BI) content; an app written for powerbi-client-react changes only its import.
 *
 * @example <PowerBIEmbed embedConfig={{ type: 'report', id, embedUrl, accessToken }} eventHandlers={new Map([['loaded', onLoaded]])} />
 */
export function PowerBIEmbed(props: EmbedProps): ReactElement {
  const { service, cssClassName, embedConfig } = props;
  const names = handledNames(props.eventHandlers);
  const latest = useRef(props);
  const container = useRef<HTMLDivElement>(null);
  const live = useRef<Live | null>(null);
  const ownService = useRef<Service | null>(null);

  // Dispatchers, hooks and callbacks read the latest props; this runs before any effect or event can.
  useInsertionEffect(() => {
    latest.current = props;
  });

  // One embed per service and kind: a change of either resets the element and embeds afresh.
  const type = embedConfig.type;
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const powerbi = service ?? (ownService.current ??= new Service());
    powerbi.setSdkInfo(SDK_TYPE, SDK_WRAPPER_VERSION);
    const initial = latest.current.embedConfig;
    const embed = canLoad(initial)
      ? embedInto(powerbi, element, latest)
      : powerbi.bootstrap(element, withLatestHooks(latest));
    const binding = new EventBinding(embed, () => latest.current.eventHandlers);
    const state: Live = { service: powerbi, element, binding, config: initial };
    live.current = state;
    adopt(state, embed, latest);
    return () => {
      live.current = null;
      powerbi.reset(element);
    };
  }, [service, type]);

  // The same kind with another configuration by value (an equal new literal changes nothing): update in
  // place, or embed again on the element.
  useEffect(() => {
    const state = live.current;
    if (!state || isDeepEqual(state.config, embedConfig)) return;
    const change = changesBetween(state.config, embedConfig);
    state.config = embedConfig;
    if (change === 'embed') adopt(state, embedInto(state.service, state.element, latest), latest);
    else {
      const { embed } = state.binding;
      void applyInPlace(embed, change, () => live.current?.binding.embed === embed);
    }
  }, [embedConfig]);

  useEffect(() => {
    live.current?.binding.sync();
  }, [names]);

  return <div ref={container} className={cssClassName} />;
}

/** Embeds the latest configuration on the element: loads a phased report, creates for `create`. */
function embedInto(service: Service, element: HTMLElement, latest: Latest): Embed {
  const config = withLatestHooks(latest);
  const phased = latest.current.phasedEmbedding;
  if (phased && config.type === 'report') return service.load(element, config);
  if (phased) console.warn(`@portico/embed-react: phased embedding is not supported for type ${config.type}`);
  if (config.type === 'create') return service.createReport(element, config as IReportCreateConfiguration);
  return service.embed(element, config);
}

/**
 * A copy of the latest configuration (the service writes `type` into the one it is given) whose event
 * hooks call the hooks of the latest props.
 */
function withLatestHooks(latest: Latest): IEmbedConfiguration {
  const config = { ...latest.current.embedConfig } as IEmbedConfiguration;
  const { eventHooks } = config;
  if (!eventHooks) return config;
  const current = (): IEventHooks => (latest.current.embedConfig as IEmbedConfiguration).eventHooks ?? {};
  const hooks: IEventHooks = {};
  if (eventHooks.accessTokenProvider) hooks.accessTokenProvider = (r) => current().accessTokenProvider?.(r);
  if (eventHooks.applicationContextProvider) {
    hooks.applicationContextProvider = (r) => current().applicationContextProvider?.(r);
  }
  return { ...config, eventHooks: hooks };
}

/** Makes `embed` the live one: the handlers move to it and `getEmbeddedComponent` receives it. */
function adopt(state: Live, embed: Embed, latest: Latest): void {
  if (embed !== state.binding.embed) {
    state.binding.clear();
    state.binding = new EventBinding(embed, () => latest.current.eventHandlers);
  }
  state.binding.sync();
  latest.current.getEmbeddedComponent?.(embed);
}
