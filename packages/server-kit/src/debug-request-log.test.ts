import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { DebugRequestLog } from './debug-request-log.ts';
import { captureLogs } from './testing.ts';

async function requestLines(level: string) {
  const logs = captureLogs({ level });
  const app = Fastify({ loggerInstance: logs.logger, logController: new DebugRequestLog() });
  app.get('/ok', async () => ({ ok: true }));
  await app.inject({ url: '/ok' });
  await app.close();
  return logs.records().filter((line) => line['reqId'] !== undefined);
}

describe('request lines at debug', () => {
  it('writes no line for a request at info', async () => {
    expect(await requestLines('info')).toEqual([]);
  });

  it('writes the arrival and the completion at debug', async () => {
    expect(await requestLines('debug')).toEqual([
      expect.objectContaining({ level: 20, msg: 'incoming request' }),
      expect.objectContaining({
        level: 20,
        msg: 'request completed',
        responseTime: expect.any(Number) as unknown,
      }),
    ]);
  });
});
