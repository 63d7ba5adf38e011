export { HOST_UNKNOWN, createFrameRouter } from './router.ts';
export type {
  DropReason,
  FrameEvent,
  FrameHandler,
  FrameRequest,
  FrameRouter,
  FrameRouterOptions,
  HookAnswer,
  HostInfo,
  MessageWindow,
  PostTarget,
} from './router.ts';
export { FrameError, FrameReply, reply } from './replies.ts';
// The protocol pieces a frame needs most, so most frames import one package.
export { Call, EmbedError, ErrorCode } from '@portico/protocol';
