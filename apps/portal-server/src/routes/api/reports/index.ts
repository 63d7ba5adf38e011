import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { principalOf } from '../../../auth/principal.ts';
import { DATABASE_NAME_PATTERN, accountsOf } from '../../../db/accounts.ts';
import { audit } from '../../../db/audit.ts';
import {
  REPORT_FORMATS,
  ReportDocumentError,
  findReportKind,
  renderReport,
  type ReportFormat,
} from '../../../documents/index.ts';
import { loadCatalog, localizedNodes, nameIn } from '../../../db/catalog.ts';
import type { Catalog } from '../../../db/catalog.ts';
import { contentDisposition } from '@portico/server-kit';
import { encodeJson, sendEncodedJson } from '../../../http/encoded-json.ts';
import type { EncodedJson } from '../../../http/encoded-json.ts';
import { HttpError } from '../../../http-errors.ts';
import { requireUser } from '../../../plugins/authentication.ts';
import { BadRequestText, ErrorBody, Language, PRINTABLE, authErrorResponses } from '../../../schemas.ts';
import { catalogCache } from './catalog-cache.ts';
import { servicesOf } from '../../../services.ts';
import { reportFileName } from './file-name.ts';
import { dataEndDate, reportSizes } from './report-sizes.ts';

const ReportNode = Type.Object({
  id: Type.Integer(),
  parentId: Type.Integer({ description: '-1 for a root' }),
  name: Type.String({
    description: "the folder's name in the catalog's own language (part of relativePath)",
  }),
  title: Type.String({ description: "the folder's name in the asked language (else name)" }),
  children: Type.Array(Type.Integer()),
  viewFiles: Type.Array(Type.String(), {
    description: "the node's report names: what downloadReport's report names (name.format)",
  }),
  viewFileTitles: Type.Array(Type.String(), {
    description: 'the same reports, in the same order, named in the asked language',
  }),
  relativePath: Type.String(),
  isOffice: Type.Boolean(),
});

const ReportNodesQuery = Type.Object({ language: Type.Optional(Language) }, { additionalProperties: false });

const DownloadReportBody = Type.Object(
  {
    accessToken: Type.String({ minLength: 1, maxLength: 2048, pattern: PRINTABLE }),
    path: Type.String({ minLength: 1, maxLength: 512, pattern: PRINTABLE }),
    databaseName: Type.String({ pattern: DATABASE_NAME_PATTERN }),
    accountName: Type.String({ maxLength: 256, pattern: PRINTABLE }),
    report: Type.String({ minLength: 3, maxLength: 300, pattern: PRINTABLE }),
    format: Type.Union(REPORT_FORMATS.map((format) => Type.Literal(format))),
    language: Language,
  },
  { additionalProperties: false },
);

const ReportFilesQuery = Type.Object(
  {
    databaseName: Type.String({ pattern: DATABASE_NAME_PATTERN }),
    path: Type.String({ minLength: 1, maxLength: 512, pattern: PRINTABLE }),
    language: Language,
  },
  { additionalProperties: false },
);

const ReportFile = Type.Object({
  name: Type.String({ description: 'as in viewFiles' }),
  title: Type.String({
    description: 'the name in the asked language: the downloaded file is saved under it',
  }),
  kind: Type.String({ description: 'the document kind (src/documents)' }),
  description: Type.String({ description: 'one line on what the report holds, in the asked language' }),
  addedAt: Type.String({ format: 'date-time', description: 'when the report joined the catalog' }),
  formats: Type.Array(
    Type.Object({
      format: Type.Unsafe<ReportFormat>(Type.Union(REPORT_FORMATS.map((format) => Type.Literal(format)))),
      bytes: Type.Union([Type.Integer(), Type.Null()], {
        description:
          'approximate size of the download (measured in English); null while it is being measured',
      }),
    }),
  ),
});

const ReportFiles = Type.Object({
  path: Type.String(),
  sizesPending: Type.Boolean({
    description: 'some sizes are null: they are being measured; ask again in a moment to have them',
  }),
  dataEndDate: Type.String({ format: 'date', description: 'the last day of data the reports hold' }),
  updatedAt: Type.String({
    format: 'date-time',
    description:
      'when that data was complete (the start of the next UTC day); reports are generated on download',
  }),
  files: Type.Array(ReportFile),
});

const forbidden = () => new HttpError(403, 'FORBIDDEN', 'You do not have access to that account.');
const noSuchReport = () => new HttpError(404, 'NOT_FOUND', 'There is no such report.');

/**
 * /api/reports: the catalog tree, the short-lived download access token, and report downloads. `path` and `report`
 * are looked up in the catalog only; nothing from the request becomes a file path.
 */
const reportsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { downloadTokens } = servicesOf(app);
  const catalog = catalogCache(() => loadCatalog(servicesOf(app).database.db));
  const sizes = reportSizes();

  // The catalog is the same for every caller: serialized (through the response schema) and compressed once per
  // catalog read and language, not per request, and sent without @fastify/compress's per-request hook.
  let encoded: { catalog: Catalog; answers: Map<string, EncodedJson> } | undefined;
  // Not a closure made per request: the dev runner (tsx) names every function it creates, at a cost per request.
  function sendNodes(request: FastifyRequest, reply: FastifyReply, current: Catalog): void {
    if (encoded?.catalog !== current) encoded = { catalog: current, answers: new Map() };
    const language = (request.query as { language?: string }).language;
    let answer = encoded.answers.get(language ?? '');
    if (answer === undefined) {
      answer = encodeJson(reply.serialize(localizedNodes(current, language)));
      encoded.answers.set(language ?? '', answer);
    }
    sendEncodedJson(reply, answer, request.headers['accept-encoding']);
  }
  app.get(
    '/reportNodes',
    {
      onRequest: app.requireUserToken,
      compress: false,
      schema: {
        summary: 'The report catalog as a flat list of nodes, depth-first, named in the asked language',
        querystring: ReportNodesQuery,
        response: { 200: Type.Array(ReportNode), 400: BadRequestText, ...authErrorResponses },
      },
    },
    (request, reply) => {
      // A fresh catalog is answered at once, without a promise; a read in progress or due is waited for.
      const settled = catalog.settled();
      if (settled === undefined) return catalog().then((current) => sendNodes(request, reply, current));
      sendNodes(request, reply, settled);
      return undefined;
    },
  );

  app.get(
    '/reportFiles',
    {
      onRequest: app.requireUserToken,
      schema: {
        summary:
          "One node's reports for one of the caller's accounts: description, update time and size per format",
        querystring: ReportFilesQuery,
        response: {
          200: ReportFiles,
          400: BadRequestText,
          403: ErrorBody,
          404: ErrorBody,
          ...authErrorResponses,
        },
      },
    },
    async (request) => {
      const { databaseName, path, language } = request.query;
      const accounts = await accountsOf(servicesOf(app).database.db, principalOf(requireUser(request)));
      const account = accounts.find((a) => a.databaseName === databaseName);
      if (account === undefined) throw forbidden();
      const current = await catalog();
      const entry = current.reportsByPath.get(path);
      if (entry === undefined) throw new HttpError(404, 'NOT_FOUND', 'There is no such report folder.');
      const endDate = dataEndDate(new Date());
      // Sizes are known, or measured in the background: this folder's first, then the account's other reports,
      // so the next folder the user opens has them too.
      const formatsOf = (reports: readonly { kind: string }[]) =>
        reports.flatMap(({ kind: id }) => {
          const kind = findReportKind(id);
          return kind === undefined ? [] : kind.formats.map((format) => ({ account, kind, format }));
        });
      const files = entry.reports.map((report) => {
        const kind = findReportKind(report.kind);
        return {
          name: report.name,
          title: nameIn(report, language),
          kind: report.kind,
          description: kind?.description(language) ?? '',
          addedAt: (report.createdAt ?? new Date(0)).toISOString(),
          formats: (kind?.formats ?? []).map((format) => ({
            format,
            bytes: kind === undefined ? null : sizes.known({ account, kind, format }),
          })),
        };
      });
      const sizesPending = files.some((file) => file.formats.some((format) => format.bytes === null));
      if (sizesPending) {
        sizes.measure([
          ...formatsOf(entry.reports),
          ...[...current.reportsByPath.values()].flatMap((other) => formatsOf(other.reports)),
        ]);
      }
      return {
        path,
        sizesPending,
        dataEndDate: endDate,
        updatedAt: new Date(Date.parse(`${endDate}T00:00:00Z`) + 86_400_000).toISOString(),
        files,
      };
    },
  );

  app.get(
    '/downloadAccessToken',
    {
      onRequest: app.requireUserToken,
      schema: {
        summary: "A short-lived token for downloadReport's accessToken, bound to the caller",
        response: {
          200: Type.Object({ accessToken: Type.String(), expiresOn: Type.String({ format: 'date-time' }) }),
          ...authErrorResponses,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const token = downloadTokens.issue(user.subject);
      await audit(servicesOf(app).database.db, {
        actor: `user:${user.subject}`,
        action: 'download-token.grant',
        target: 'reports',
        outcome: 'ok',
      });
      return token;
    },
  );

  app.post(
    '/downloadReport',
    {
      onRequest: app.requireUserToken,
      schema: {
        summary: 'One report of one of the caller’s accounts, generated now and streamed',
        body: DownloadReportBody,
        response: {
          200: Type.Unsafe<unknown>({ type: 'string', description: 'the document (html as text)' }),
          400: BadRequestText,
          403: ErrorBody,
          404: ErrorBody,
          ...authErrorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const body = request.body;
      const target = `${body.databaseName}/${body.path}/${body.report}`;
      const record = (outcome: string) =>
        audit(servicesOf(app).database.db, {
          actor: `user:${user.subject}`,
          action: 'report.download',
          target,
          outcome,
          detail: { format: body.format, language: body.language },
        });
      const fail = async (error: HttpError): Promise<never> => {
        await record(error.code);
        throw error;
      };

      if (!downloadTokens.verify(body.accessToken, user.subject)) {
        await fail(new HttpError(403, 'DOWNLOAD_TOKEN_INVALID', 'The download access token is not valid.'));
      }
      const accounts = await accountsOf(servicesOf(app).database.db, principalOf(user));
      const account = accounts.find((a) => a.databaseName === body.databaseName);
      if (account === undefined) return fail(forbidden());
      if (account.accountName !== body.accountName) {
        return fail(
          new HttpError(400, 'BAD_REQUEST', 'accountName does not match the account of databaseName.'),
        );
      }
      const entry = (await catalog()).reportsByPath.get(body.path);
      const dot = body.report.lastIndexOf('.');
      const name = body.report.slice(0, dot);
      if (dot <= 0 || body.report.slice(dot + 1) !== body.format) {
        return fail(
          new HttpError(400, 'BAD_REQUEST', 'report must be the report name, a dot, then the format.'),
        );
      }
      const report = entry?.reports.find((r) => r.name === name);
      const kind = report === undefined ? undefined : findReportKind(report.kind);
      if (entry === undefined || report === undefined || kind === undefined) return fail(noSuchReport());
      if (!kind.formats.includes(body.format)) {
        return fail(
          new HttpError(400, 'BAD_REQUEST', `This report is offered as ${kind.formats.join(', ')} only.`),
        );
      }
      let rendered;
      try {
        rendered = renderReport({ kind, account, language: body.language, format: body.format });
      } catch (error) {
        if (error instanceof ReportDocumentError)
          return fail(new HttpError(400, 'BAD_REQUEST', error.message));
        throw error;
      }
      await record('ok');
      // Saved under the report's name in the asked language, as the list shows it (the document's title).
      const file = reportFileName(nameIn(report, body.language), name, body.format);
      return reply
        .type(rendered.contentType)
        .header(
          'content-disposition',
          contentDisposition(
            body.format === 'html' ? 'inline' : 'attachment',
            file.fileName,
            file.asciiFileName,
          ),
        )
        .header('cache-control', 'no-store')
        .send(rendered.body);
    },
  );
};

export default reportsRoutes;
