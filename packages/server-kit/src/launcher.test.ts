import { EventEmitter } from 'node:events';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { ConfigError } from '@portico/env-config';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { configOrExit, serve } from './launcher.ts';
import type { LauncherProcess } from './launcher.ts';
import { captureLogs } from './testing.ts';
import type { CapturedLogs } from './testing.ts';

class FakeProcess extends EventEmitter implements LauncherProcess {
  exits: number[] = [];
  exitCode: number | string | null | undefined;
  exit(code: number): void {
    this.exits.push(code);
  }
}

function app(logs: CapturedLogs) {
  const server = Fastify({ loggerInstance: logs.logger });
  server.get('/ping', async () => ({ pong: true }));
  return server;
}

const messages = (logs: CapturedLogs) => logs.records().map((record) => record['msg']);

describe('configOrExit', () => {
  it('returns the configuration when it loads', () => {
    expect(configOrExit('svc', () => ({ port: 1 }), new FakeProcess())).toEqual({ port: 1 });
  });

  it('prints the refusal with the service name and exits 1', () => {
    const proc = new FakeProcess();
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() =>
      configOrExit(
        'svc',
        () => {
          throw new ConfigError(['PORT: not a port']);
        },
        proc,
      ),
    ).toThrow(ConfigError);
    expect(proc.exits).toEqual([1]);
    expect(printed).toHaveBeenCalledWith(expect.stringMatching(/^svc: [\s\S]*PORT/));
    printed.mockRestore();
  });

  it('lets any other error through without exiting', () => {
    const proc = new FakeProcess();
    expect(() =>
      configOrExit(
        'svc',
        () => {
          throw new TypeError('bug');
        },
        proc,
      ),
    ).toThrow(TypeError);
    expect(proc.exits).toEqual([]);
  });
});

describe('serve', () => {
  it('runs beforeListen, listens, logs the ready line, and on a signal closes the app and then releases, once', async () => {
    const logs = captureLogs();
    const proc = new FakeProcess();
    const server = app(logs);
    const order: string[] = [];
    server.addHook('onClose', async () => {
      order.push('app closed');
    });
    await serve(server, {
      host: '127.0.0.1',
      port: 0,
      readyMessage: 'svc ready',
      readyFields: { url: 'http://svc' },
      beforeListen: async () => {
        order.push('before listen');
      },
      release: async () => {
        order.push('released');
      },
      process: proc,
    });
    const { port } = server.server.address() as AddressInfo;
    expect(await (await fetch(`http://127.0.0.1:${port}/ping`)).json()).toEqual({ pong: true });
    expect(logs.records()).toContainEqual(expect.objectContaining({ msg: 'svc ready', url: 'http://svc' }));
    // The bind address, without a scheme: the URL to open is the ready line's, printed once.
    expect(messages(logs)).toContain(`listening on 127.0.0.1:${port}`);
    expect(messages(logs).some((msg) => String(msg).startsWith('Server listening at http'))).toBe(false);

    proc.emit('SIGTERM');
    proc.emit('SIGINT');
    await vi.waitFor(() => expect(order).toEqual(['before listen', 'app closed', 'released']));
    expect(messages(logs).filter((msg) => msg === 'shutting down')).toHaveLength(1);
    expect(proc.exits).toEqual([]);
    expect(proc.exitCode).toBeUndefined();
  });

  it('sets exit code 1 when closing fails', async () => {
    const proc = new FakeProcess();
    const logs = captureLogs();
    await serve(app(logs), {
      host: '127.0.0.1',
      port: 0,
      readyMessage: 'ready',
      release: () => Promise.reject(new Error('database would not close')),
      process: proc,
    });
    proc.emit('SIGINT');
    await vi.waitFor(() => expect(proc.exitCode).toBe(1));
    expect(messages(logs)).toContain('error while shutting down');
  });

  it('exits 1 when a shutdown takes longer than its timeout', async () => {
    const proc = new FakeProcess();
    await serve(app(captureLogs()), {
      host: '127.0.0.1',
      port: 0,
      readyMessage: 'ready',
      release: () => new Promise(() => {}),
      shutdownTimeoutMs: 50,
      process: proc,
    });
    proc.emit('SIGTERM');
    await vi.waitFor(() => expect(proc.exits).toEqual([1]));
  });

  it('logs a fatal line, closes the app, releases and exits 1 when it cannot listen', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    const logs = captureLogs();
    const proc = new FakeProcess();
    let released = false;
    const server = app(logs);
    await serve(server, {
      host: '127.0.0.1',
      port,
      readyMessage: 'ready',
      release: async () => {
        released = true;
      },
      process: proc,
    });
    taken.close();
    expect(proc.exits).toEqual([1]);
    expect(released).toBe(true);
    expect(messages(logs)).toContain(`could not listen on 127.0.0.1:${port}`);
    expect(messages(logs)).not.toContain('ready');
  });
});
