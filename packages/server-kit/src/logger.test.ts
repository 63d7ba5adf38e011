import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger.ts';
import { captureLogs } from './testing.ts';

function capture(alsoRedact?: string[]) {
  const logs = captureLogs(loggerOptions('info', alsoRedact));
  return { logger: logs.logger, output: logs.text };
}

describe('logger options', () => {
  it('redact bearer tokens and cookies in requests and answers', () => {
    const { logger, output } = capture();
    logger.info({
      req: { headers: { authorization: 'Bearer abc.def.ghi', cookie: 'sid=s3cret' } },
      res: { headers: { 'set-cookie': 'sid=s3cret' } },
      headers: { authorization: 'Basic Zm9vOmJhcg==', cookie: 'sid=s3cret' },
    });
    expect(output()).not.toMatch(/abc\.def\.ghi|s3cret|Zm9vOmJhcg/);
    expect(output()).toContain('[redacted]');
  });

  it("redact the app's own paths too, and log at the level given", () => {
    const { logger, output } = capture(['body.client_secret']);
    logger.debug('not at info');
    logger.info({ body: { client_id: 'portal', client_secret: 'hunter2' } }, 'token request');
    expect(output()).not.toContain('hunter2');
    expect(output()).not.toContain('not at info');
    expect(output()).toContain('portal');
  });
});
