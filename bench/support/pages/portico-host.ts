/// <reference lib="dom" />
/** The benchmark host page of `@portico/embed` (bundled from source). */
import { factories, models, service } from '@portico/embed';
import { installBenchApi } from '../host-page.ts';

installBenchApi(
  '@portico/embed',
  new service.Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory),
  models.TokenType.Embed,
);
