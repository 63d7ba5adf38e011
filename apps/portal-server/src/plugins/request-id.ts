import { requestIdGenerator, requestIdSequence } from '@portico/server-kit';

// Request ids live in server-kit, shared with the analytics service (one id follows a request across both).
export { REQUEST_ID_HEADER } from '@portico/server-kit';

/**
 * The portal's `genReqId`: a well-formed incoming `x-request-id` is kept; a fresh id is this process's random prefix
 * and a counter (`requestIdSequence`), cheaper than a UUID on every request and as unique.
 */
export const genReqId = requestIdGenerator(requestIdSequence());
