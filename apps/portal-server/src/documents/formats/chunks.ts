import { Readable } from 'node:stream';

/** About 64 KB of text per chunk: large enough that per-chunk stream overhead vanishes, small enough to stream. */
export const CHUNK_CHARS = 64 * 1024;

async function* joined(
  pieces: Iterable<string | Uint8Array>,
  chunkChars: number,
): AsyncGenerator<string | Uint8Array> {
  let chunk = '';
  for (const piece of pieces) {
    if (typeof piece !== 'string') {
      // Bytes come in chunks already (formats/csv.ts): handed on as they are, after any text before them.
      if (chunk !== '') yield chunk;
      chunk = '';
      yield piece;
      continue;
    }
    chunk += piece;
    if (chunk.length >= chunkChars) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

/**
 * A byte stream of the concatenated pieces (text, written as UTF-8, or bytes), generated only as the consumer reads
 * (back-pressure), so a report is never held whole. An error thrown while generating destroys the stream with that
 * error.
 *
 * @example textStream(['a,b\r\n', '1,2\r\n']).pipe(reply.raw)
 */
export function textStream(pieces: Iterable<string | Uint8Array>, chunkChars = CHUNK_CHARS): Readable {
  return Readable.from(joined(pieces, chunkChars), { objectMode: false });
}
