/// <reference lib="dom" />
/** The benchmark host page of powerbi-client 2.24.1 (the installed dev dependency, bundled as is). */
import { factories, models, service } from 'powerbi-client';
import { installBenchApi } from '../host-page.ts';

installBenchApi(
  'powerbi-client 2.24.1',
  new service.Service(factories.hpmFactory, factories.wpmpFactory, factories.routerFactory),
  models.TokenType.Embed,
);
