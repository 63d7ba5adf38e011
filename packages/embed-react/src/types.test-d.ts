/**
 * Type tests (tsc and vitest's typecheck): the props are powerbi-client-react 2.x's, typed strictly.
 */
import type { ComponentProps } from 'react';
import { describe, expectTypeOf, it } from 'vitest';
import { models, type Embed as EmbedInstance, type Service } from '@portico/embed';
import {
  Embed,
  EmbedType,
  PowerBIEmbed,
  type EmbedConfig,
  type EmbedProps,
  type EmbeddedComponent,
  type EventHandler,
  type ICustomEvent,
  type IReportEmbedConfiguration,
  type Report,
} from './index.ts';

describe('the props', () => {
  it('are those of powerbi-client-react 2.x', () => {
    expectTypeOf<ComponentProps<typeof PowerBIEmbed>>().toEqualTypeOf<EmbedProps>();
    expectTypeOf<EmbedProps['embedConfig']>().toEqualTypeOf<EmbedConfig>();
    expectTypeOf<EmbedProps['eventHandlers']>().toEqualTypeOf<Map<string, EventHandler | null> | undefined>();
    expectTypeOf<EmbedProps['cssClassName']>().toEqualTypeOf<string | undefined>();
    expectTypeOf<EmbedProps['phasedEmbedding']>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<EmbedProps['service']>().toEqualTypeOf<Service | undefined>();
    expectTypeOf<EmbedProps['getEmbeddedComponent']>().toEqualTypeOf<
      ((embeddedComponent: EmbedInstance) => void) | undefined
    >();
  });

  it('exports Embed as another name of the same component, and the core embed type beside it', () => {
    expectTypeOf(Embed).toEqualTypeOf(PowerBIEmbed);
    expectTypeOf<EmbeddedComponent>().toEqualTypeOf<EmbedInstance>();
  });

  it('accepts every kind of configuration, including a bootstrap one without token', () => {
    const report: IReportEmbedConfiguration = { type: 'report', id: 'r', tokenType: models.TokenType.Embed };
    expectTypeOf(report).toExtend<EmbedConfig>();
    expectTypeOf({ type: 'dashboard', id: 'd', pageView: 'fitToWidth' as const }).toExtend<EmbedConfig>();
    expectTypeOf({ type: 'create', datasetId: 'ds' }).toExtend<EmbedConfig>();
    expectTypeOf({ type: 'report' }).toExtend<EmbedConfig>();
  });

  it('needs embedConfig, and eventHandlers as a Map', () => {
    // @ts-expect-error embedConfig is required
    expectTypeOf({}).toExtend<EmbedProps>();
    const handlers = { loaded: () => undefined };
    // @ts-expect-error powerbi-client-react takes a Map, not an object
    expectTypeOf({ embedConfig: { type: 'report' }, eventHandlers: handlers }).toExtend<EmbedProps>();
  });

  it('accepts undefined for optional props (exactOptionalPropertyTypes)', () => {
    const maybe: string | undefined = undefined;
    expectTypeOf({ embedConfig: { type: 'report' }, cssClassName: maybe }).toExtend<EmbedProps>();
  });
});

describe('event handlers', () => {
  it('receive the event and the embed, and may ignore both or return anything', () => {
    expectTypeOf<Parameters<EventHandler>>().toEqualTypeOf<
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the handler type's detail
      [event: ICustomEvent<any>, embeddedEntity: EmbedInstance]
    >();
    const handlers = new Map<string, EventHandler | null>([
      ['loaded', () => undefined],
      ['pageChanged', (event) => event.detail.newPage.name as string],
      ['rendered', async (_event, embed) => (embed as Report).getPages()],
      ['error', null],
    ]);
    expectTypeOf(handlers).toExtend<EmbedProps['eventHandlers']>();
  });
});

describe('EmbedType', () => {
  it('names the kinds as powerbi-client-react does', () => {
    expectTypeOf(EmbedType.Report).toExtend<string>();
    expectTypeOf<`${EmbedType}`>().toEqualTypeOf<
      'create' | 'report' | 'dashboard' | 'tile' | 'qna' | 'visual'
    >();
  });
});
