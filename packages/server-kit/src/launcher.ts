import { ConfigError } from '@portico/env-config';
import type { FastifyInstance } from 'fastify';

/** The part of `process` a launcher uses; tests pass their own. */
export interface LauncherProcess {
  once(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown;
  exit(code: number): void;
  exitCode?: number | string | null | undefined;
}

/**
 * Reads the configuration, or stops the process with `<name>: <message>` (naming every bad variable) when it is
 * refused. Other errors are thrown as they are.
 *
 * ```ts
 * const config = configOrExit('portal-server', () => loadConfig(process.env));
 * ```
 */
export function configOrExit<T>(name: string, load: () => T, proc: LauncherProcess = process): T {
  try {
    return load();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${name}: ${error.message}`);
    proc.exit(1);
    throw error;
  }
}

export interface ServeOptions {
  readonly host: string;
  readonly port: number;
  /** Logged at info once listening, with `readyFields`: `portal server ready at http://localhost:4400`. */
  readonly readyMessage: string;
  readonly readyFields?: Readonly<Record<string, unknown>>;
  /** Closed after the app on shutdown, and when listening fails: what the launcher opened itself (a database). */
  readonly release?: () => Promise<void>;
  /** Runs once the signal handlers are in place, before listening (the portal seeds its sample data here). */
  readonly beforeListen?: () => Promise<void>;
  /** How long a shutdown may take before the process exits anyway; 10 s. */
  readonly shutdownTimeoutMs?: number;
  readonly process?: LauncherProcess;
}

/**
 * Starts a built app: SIGINT/SIGTERM close it (and then `release`) once, exiting 1 if that fails or takes longer
 * than the timeout; listens, exiting 1 with a fatal line when it cannot; then logs `readyMessage`.
 *
 * ```ts
 * await serve(app, { host: config.host, port: config.port, readyMessage: `analytics service ready at ${config.publicUrl}` });
 * ```
 */
export async function serve(app: FastifyInstance, options: ServeOptions): Promise<void> {
  const proc = options.process ?? process;
  const release = options.release ?? (async () => {});
  const timeoutMs = options.shutdownTimeoutMs ?? 10_000;

  let stopping = false;
  async function stop(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error(`shutdown took longer than ${timeoutMs / 1000} s; exiting`);
      proc.exit(1);
    }, timeoutMs);
    force.unref();
    try {
      await app.close();
      await release();
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      proc.exitCode = 1;
    } finally {
      clearTimeout(force);
    }
  }
  proc.once('SIGINT', () => void stop('SIGINT'));
  proc.once('SIGTERM', () => void stop('SIGTERM'));

  await options.beforeListen?.();
  try {
    // The bind address without a scheme: the ready line that follows names the URL to open, once.
    await app.listen({
      host: options.host,
      port: options.port,
      listenTextResolver: (address) => `listening on ${address.replace(/^https?:\/\//, '')}`,
    });
  } catch (error) {
    app.log.fatal({ err: error }, `could not listen on ${options.host}:${options.port}`);
    stopping = true;
    await app.close().catch(() => {});
    await release().catch(() => {});
    proc.exit(1);
    return;
  }
  app.log.info({ ...options.readyFields }, options.readyMessage);
}
