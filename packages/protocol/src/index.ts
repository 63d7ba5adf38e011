export {
  SDK_TYPE,
  SDK_VERSION,
  Header,
  METHODS,
  acknowledge,
  isRequest,
  isResponse,
  isSuccess,
  loadHeaders,
  respond,
  sdkHeaders,
  sessionHeaders,
} from './envelope.ts';
export type {
  IRequest,
  IResponse,
  Method,
  OutgoingRequest,
  RequestHeaders,
  WireHeaders,
} from './envelope.ts';
export { createSdkSessionId, createTrackingId, createUid } from './ids.ts';
export { compileRoute, fillRoute } from './route.ts';
export type { Route, RouteParams } from './route.ts';
export { InboundRoute, eventUrl, hookUrl, isEventRequest, matchInbound } from './inbound.ts';
export type { EventAddress, EventFamily, HookName, InboundMessage } from './inbound.ts';
export { Call, callTarget, parseCall } from './calls.ts';
export type { CallMethod, CallName, CallPath, CallSpec } from './calls.ts';
export { EmbedError, ErrorCode, errorFromResponse } from './errors.ts';
export type { EmbedErrorDetails } from './errors.ts';
export { DEFAULT_TIMEOUT_MS, createChannel } from './channel.ts';
export type { Channel, ChannelOptions, RequestOptions } from './channel.ts';
