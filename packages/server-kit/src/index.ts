export {
  REQUEST_ID_HEADER,
  echoRequestId,
  genReqId,
  requestIdGenerator,
  requestIdSequence,
} from './request-id.ts';
export { CLIENT_ERROR_CODES, HttpError } from './http-errors.ts';
export type { CommonErrorCode } from './http-errors.ts';
export {
  answerNotFound,
  badRequestText,
  registerErrorHandler,
  registerNotFoundHandler,
} from './error-handler.ts';
export type { ErrorHandlerOptions } from './error-handler.ts';
export { DeferredChildLogger, deferChildren } from './deferred-child-logger.ts';
export { requestLineWriter } from './request-line.ts';
export type { RequestLineWriter } from './request-line.ts';
export { DebugRequestLog } from './debug-request-log.ts';
export { batchedDestination } from './batched-destination.ts';
export type { BatchedDestination, LineSink } from './batched-destination.ts';
export { loggingOptions, rejectBeforeRouting } from './fastify-options.ts';
export type { LoggerChoice, LoggingOptions, RejectBeforeRoutingOptions } from './fastify-options.ts';
export { healthRoutes } from './health.ts';
export type { HealthRoutesOptions } from './health.ts';
export { REDACTED_PATHS, loggerOptions } from './logger.ts';
export { configOrExit, serve } from './launcher.ts';
export type { LauncherProcess, ServeOptions } from './launcher.ts';
export { PRIVATE_UMASK, privateModesWarning, securePrivateDirectory } from './private-files.ts';
export { contentDisposition } from './content-disposition.ts';
export { escapeHtml } from './html.ts';
