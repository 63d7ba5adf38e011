import { afterEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '@portico/protocol';
import { EmbedErrorCode } from './errors.ts';
import { EmbedErrorCode as PublicEmbedErrorCode } from './index.ts';
import { FRAME_ORIGIN, newElement, newService, reportConfig } from './test/fake-frame.ts';

afterEach(() => {
  document.body.replaceChildren();
});

describe("the caller's configuration", () => {
  it('is never written to: a frozen configuration embeds, loads and bootstraps', () => {
    const service = newService();
    const config = Object.freeze({ ...reportConfig });
    expect(() => service.embed(newElement(), config)).not.toThrow();
    expect(() => service.load(newElement(), config)).not.toThrow();
    expect(() => service.bootstrap(newElement(), Object.freeze({ type: 'report' }))).not.toThrow();
    expect(config).toEqual(reportConfig);
  });

  it('takes the type from the element attribute without adding it to the configuration', () => {
    const element = newElement();
    element.setAttribute('powerbi-type', 'report');
    const { type: _type, ...untyped } = reportConfig;
    const config = Object.freeze({ ...untyped });
    expect(newService().embed(element, config).config.type).toBe('report');
    expect('type' in config).toBe(false);
  });

  it('is left as it was by createReport and quickCreate', () => {
    const service = newService();
    const create = Object.freeze({
      embedUrl: `${FRAME_ORIGIN}/reportEmbed`,
      accessToken: 't',
      datasetId: 'ds1',
    });
    expect(service.createReport(newElement(), create).config.type).toBe('create');
    expect('type' in create).toBe(false);
    const quick = Object.freeze({
      embedUrl: `${FRAME_ORIGIN}/quickCreate`,
      accessToken: 't',
      datasetCreateConfig: { locale: 'en-US', tableSchemaList: [], data: [] },
    });
    expect(service.quickCreate(newElement(), quick as never).config.type).toBe('quickCreate');
    expect('type' in quick).toBe(false);
  });
});

describe('a configuration that fails validation', () => {
  it('leaves the element as it was: no iframe, no embed record', () => {
    const service = newService();
    const element = newElement();
    element.innerHTML = '<p>placeholder</p>';
    expect(() =>
      service.embed(element, { ...reportConfig, type: 'visual', pageName: 5 as never, visualName: 'v1' }),
    ).toThrow();
    expect(element.querySelector('iframe')).toBeNull();
    expect(element.innerHTML).toBe('<p>placeholder</p>');
    expect(service.getNumberOfComponents()).toBe(0);
  });

  it('adds no iframe when the embed URL is refused', () => {
    const element = newElement();
    expect(() =>
      newService().embed(element, { ...reportConfig, embedUrl: 'http://evil.example/reportEmbed' }),
    ).toThrow();
    expect(element.querySelector('iframe')).toBeNull();
  });
});

describe('EmbedErrorCode', () => {
  it("has every code a call can reject with, the protocol's included", () => {
    expect(PublicEmbedErrorCode).toBe(EmbedErrorCode);
    expect(EmbedErrorCode).toMatchObject({
      Timeout: 'TimeoutError',
      Cancelled: 'CancelledError',
      PostFailed: 'PostFailed',
      RequestFailed: 'RequestFailed',
    });
    for (const [name, code] of Object.entries(ErrorCode)) expect(EmbedErrorCode).toHaveProperty(name, code);
  });

  it('names the rejection of a call on a reset embed', async () => {
    const service = newService();
    const element = newElement();
    const report = service.embed(element, { ...reportConfig });
    service.reset(element);
    await expect(report.getPages()).rejects.toMatchObject({ errorCode: EmbedErrorCode.PostFailed });
  });
});
