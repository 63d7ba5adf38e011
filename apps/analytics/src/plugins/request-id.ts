// Request ids live in server-kit, shared with the portal server (it passes its own, so one id follows a request).
export { REQUEST_ID_HEADER, echoRequestId, genReqId } from '@portico/server-kit';
