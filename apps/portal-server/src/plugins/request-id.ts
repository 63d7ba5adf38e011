// Request ids live in server-kit, shared with the analytics service (one id follows a request across both).
export { REQUEST_ID_HEADER, echoRequestId, genReqId } from '@portico/server-kit';
