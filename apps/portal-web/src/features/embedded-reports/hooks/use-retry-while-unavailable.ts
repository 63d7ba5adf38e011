import { useEffect, useRef, useState } from 'react';

/** The first pause before asking again, doubled after every failed try up to RETRY_MAX_MS. */
export const RETRY_FIRST_MS = 2_000;
export const RETRY_MAX_MS = 30_000;

/** The pause before try number `attempt` (0 for the first retry): 2 s, 4 s, 8 s, 16 s, then 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(RETRY_FIRST_MS * 2 ** attempt, RETRY_MAX_MS);
}

/**
 * Whether a failed call may succeed by itself later: the portal says the analytics service cannot be reached
 * (503 ANALYTICS_UNAVAILABLE), a proxy in front answers 502/503/504, or the portal itself is not reachable
 * (a restart). Refusals (403, 404, a bad request, a sign-in) stay as they are.
 */
export function isUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if ('code' in error && error.code === 'ANALYTICS_UNAVAILABLE') return true;
  const status = 'status' in error ? error.status : undefined;
  return status === 'FETCH_ERROR' || status === 502 || status === 503 || status === 504;
}

interface RetriableQuery {
  isError: boolean;
  isFetching: boolean;
  error?: unknown;
  refetch: () => unknown;
}

/**
 * Asks again by itself while `query` fails with an unavailable service (`isUnavailable`), waiting `retryDelay`
 * between tries and starting over once an answer arrives, so a page recovers without a reload when the service
 * is back. `unavailable` holds from the first such failure until a try ends otherwise (it stays true while a
 * retry is under way, so the page does not flicker between the notice and a progress bar).
 */
export function useRetryWhileUnavailable(query: RetriableQuery): { unavailable: boolean } {
  const attempt = useRef(0);
  const { isError, isFetching, error, refetch } = query;
  // The outcome of the last finished try, kept while the next one runs.
  const [unavailable, setUnavailable] = useState(false);
  const failed = isError && isUnavailable(error);
  if (!isFetching && unavailable !== failed) setUnavailable(failed);

  useEffect(() => {
    if (isFetching) return undefined;
    if (!unavailable) {
      attempt.current = 0;
      return undefined;
    }
    const timer = setTimeout(() => void refetch(), retryDelay(attempt.current));
    attempt.current += 1;
    return () => clearTimeout(timer);
  }, [unavailable, isFetching, error, refetch]);

  return { unavailable };
}
