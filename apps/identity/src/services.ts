import type { FastifyInstance } from 'fastify';
import type Provider from 'oidc-provider';
import type { IdentityConfig } from './config.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';
import type { UserDirectory } from './users.ts';

/**
 * What the routes share, decorated once on the app and read through `servicesOf(app)` (the house rule of every Portico server,
 * server-kit's README): routes read `servicesOf(app).provider`, never options of their own.
 */
export interface IdentityServices {
  readonly config: IdentityConfig;
  /** The oidc-provider instance (a Koa app) the catch-all route hands requests to. */
  readonly provider: Provider;
  readonly users: UserDirectory;
  /** Limits failed password attempts per client address. */
  readonly throttle: SignInThrottle;
}

/**
 * The services of an app, as its routes read them: `servicesOf(app).database`. A typed accessor rather than a
 * `FastifyInstance` augmentation, because three apps' augmentations of one property clash in a program that imports
 * more than one app (the root's tests and benchmarks).
 */
export function servicesOf(app: FastifyInstance): IdentityServices {
  return app.getDecorator<IdentityServices>('services');
}
