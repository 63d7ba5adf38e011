import type { FrameEvent } from '@portico/frame';
import { FrameError } from '@portico/frame';
import { QnaMode } from '@portico/models';
import { describe, expect, it } from 'vitest';
import { ApiError, TOKEN_EXPIRED } from '../../api/frame-api.ts';
import type { Session } from '../../api/frame-api.ts';
import type { QnaApi, QnaResult } from './api.ts';
import { QnaController } from './controller.ts';

const HOST = 'https://host.example';
const SESSION: Session = {
  tokenId: 't1',
  expiration: '2030-01-01T00:00:00Z',
  permissions: 0,
  allowedOrigins: [HOST],
  databaseNames: ['fabrikam'],
  reports: [],
};

function answered(question: string): QnaResult {
  return {
    status: 'answered',
    question,
    normalizedQuestion: `normalized ${question}`,
    datasetId: 'd1',
    summary: { measures: [], groups: [], filters: [], time: [] },
    visual: { type: 'card', title: 'T', dataRoles: {}, formatting: {} },
    query: { select: [] },
    answer: { columns: [], rows: [[1]], truncated: false },
  };
}

/** A fake service: answers every question, or fails with `failWith` once. */
function fakeApi() {
  const asked: { datasetIds: readonly string[]; question: string }[] = [];
  const state = { expired: false, failWith: undefined as ApiError | undefined, token: '' };
  const api: QnaApi = {
    setToken(token) {
      state.token = token;
      state.expired = false;
    },
    get expired() {
      return state.expired;
    },
    session: async () => SESSION,
    dataset: async (id) => ({ id, name: `Dataset ${id}`, suggestions: ['total pages'] }),
    async interpret(datasetIds, question) {
      asked.push({ datasetIds, question });
      const failure = state.failWith;
      if (failure) {
        state.failWith = undefined;
        if (failure.code === TOKEN_EXPIRED) state.expired = true;
        throw failure;
      }
      return question === 'xyz'
        ? { status: 'unanswered', question, message: "I don't know 'xyz'.", suggestions: [] }
        : answered(question);
    },
  };
  return { api, asked, state };
}

function setup() {
  const fake = fakeApi();
  const events: { kind: string; eventName: string; body: unknown }[] = [];
  const controller = new QnaController({
    api: fake.api,
    raise: async (event: FrameEvent) => {
      events.push({
        kind: event.kind,
        eventName: 'eventName' in event ? event.eventName : '',
        body: event.body,
      });
    },
  });
  const names = () => events.map((e) => e.eventName);
  return { ...fake, controller, events, names };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('QnaController', () => {
  it('loads the datasets of the config, raises loaded and asks the question it carries', async () => {
    const { controller, asked, names } = setup();
    await controller.session.load({ accessToken: 'tok', datasetIds: ['d1'], question: 'total pages' }, HOST);
    await settle();
    expect(controller.state).toMatchObject({
      status: 'loaded',
      mode: 'interactive',
      datasets: [{ id: 'd1' }],
    });
    expect(names()).toEqual(['loaded']);
    expect(asked).toEqual([{ datasetIds: ['d1'], question: 'total pages' }]);
    expect(controller.state.result).toMatchObject({ status: 'answered' });
  });

  it('refuses a host origin the token does not allow, with an error event', async () => {
    const { controller, names } = setup();
    await expect(
      controller.session.load({ accessToken: 'tok', datasetIds: ['d1'] }, 'https://evil.example'),
    ).rejects.toBeInstanceOf(FrameError);
    expect(names()).toEqual(['error']);
    expect(controller.session.acceptsOrigin('https://evil.example')).toBe(true);
  });

  it('only accepts the token origins once loaded', async () => {
    const { controller } = setup();
    await controller.session.load({ accessToken: 'tok', datasetIds: ['d1'] }, HOST);
    expect(controller.session.acceptsOrigin(HOST)).toBe(true);
    expect(controller.session.acceptsOrigin('https://evil.example')).toBe(false);
  });

  it.each([
    ['no token', { datasetIds: ['d1'] }],
    ['no datasets', { accessToken: 'tok', datasetIds: [] }],
    ['datasets that are not ids', { accessToken: 'tok', datasetIds: [1] }],
  ])('refuses a config with %s', async (_, config) => {
    const { controller } = setup();
    await expect(controller.session.load(config, HOST)).rejects.toBeInstanceOf(FrameError);
  });

  it('shows only the answer in result-only mode', async () => {
    const { controller } = setup();
    await controller.session.load(
      { accessToken: 'tok', datasetIds: ['d1'], viewMode: QnaMode.ResultOnly },
      HOST,
    );
    expect(controller.state.mode).toBe('resultOnly');
  });

  it('raises visualRendered once per painted answer, with the question and its normalized form', async () => {
    const { controller, events } = setup();
    await controller.session.load({ accessToken: 'tok', datasetIds: ['d1'] }, HOST);
    await controller.ask('total pages');
    const result = controller.state.result;
    if (result.status !== 'answered') throw new Error('expected an answer');
    controller.markRendered(result.seq);
    controller.markRendered(result.seq);
    expect(events.filter((e) => e.eventName === 'visualRendered')).toEqual([
      {
        kind: 'qna',
        eventName: 'visualRendered',
        body: { question: 'total pages', normalizedQuestion: 'normalized total pages' },
      },
    ]);
  });

  it('keeps the message of a question it cannot answer, without an error event', async () => {
    const { controller, names } = setup();
    await controller.session.load({ accessToken: 'tok', datasetIds: ['d1'] }, HOST);
    await controller.ask('xyz');
    expect(controller.state.result).toMatchObject({
      status: 'unanswered',
      value: { message: "I don't know 'xyz'." },
    });
    expect(names()).toEqual(['loaded']);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['too long', 'x'.repeat(501)],
    ['not text', 42],
  ])('refuses an %s question with 400', async (_, question) => {
    const { controller } = setup();
    await controller.session.load({ accessToken: 'tok', datasetIds: ['d1'] }, HOST);
    await expect(controller.ask(question)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('refuses a question before load and on datasets it was not loaded with', async () => {
    const { controller } = setup();
    await expect(controller.ask('total pages')).rejects.toMatchObject({ statusCode: 400 });
    await controller.session.load({ accessToken: 'tok', datasetIds: ['d1'] }, HOST);
    await expect(controller.ask('total pages', ['d2'])).rejects.toMatchObject({ statusCode: 400 });
  });

  it('asks an interrupted question again once the host sets a new token', async () => {
    const { controller, asked, state } = setup();
    await controller.session.load({ accessToken: 'tok', datasetIds: ['d1'] }, HOST);
    state.failWith = new ApiError(401, TOKEN_EXPIRED, 'The token has expired.');
    await expect(controller.ask('total pages')).rejects.toMatchObject({
      body: { errorCode: 'TokenExpired' },
    });
    expect(controller.state.result).toMatchObject({ status: 'error' });
    await controller.session.renewToken('fresh.token.sig', HOST);
    await settle();
    expect(state.token).toBe('fresh.token.sig');
    expect(asked.map((a) => a.question)).toEqual(['total pages', 'total pages']);
    expect(controller.state.result).toMatchObject({ status: 'answered' });
  });

  it('raises error when the service refuses a question', async () => {
    const { controller, state, names } = setup();
    await controller.session.load({ accessToken: 'tok', datasetIds: ['d1'] }, HOST);
    state.failWith = new ApiError(403, 'FORBIDDEN', 'No.');
    await expect(controller.ask('total pages')).rejects.toMatchObject({ statusCode: 403 });
    expect(names()).toEqual(['loaded', 'error']);
  });
});

describe('QnaController front-load', () => {
  it('loads from a front-loaded config when no load came, and the same load that follows joins it', async () => {
    const { controller, names } = setup();
    const config = { accessToken: 'tok', datasetIds: ['d1'] };
    await controller.session.frontLoad(config, HOST);
    await controller.session.load(config, HOST);
    expect(controller.state.status).toBe('loaded');
    expect(names()).toEqual(['loaded']);
  });

  it('ignores a front-loaded config once a load has started, and loads again on a different config', async () => {
    const { controller, names } = setup();
    await controller.session.load({ accessToken: 'tok', datasetIds: ['d1'] }, HOST);
    await controller.session.frontLoad({ accessToken: 'tok', datasetIds: ['d1'] }, HOST);
    expect(names()).toEqual(['loaded']);
    await controller.session.load({ accessToken: 'tok', datasetIds: ['d2'] }, HOST);
    expect(names()).toEqual(['loaded', 'loaded']);
    expect(controller.state.datasetIds).toEqual(['d2']);
  });
});
