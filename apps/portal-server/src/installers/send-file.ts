import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { contentDisposition } from '@portico/server-kit';
import { ifRangeMatches, parseRange } from './ranges.ts';

export interface SendableFile {
  path: string;
  size: number;
  mtime: Date;
  /** Strong ETag from the content's SHA-256. */
  etag: string;
  /** SHA-256 of the whole file, base64. */
  sha256: string;
}

/**
 * A stored release file as `sendFile` needs it: size and time from the disk, the digest from the database (computed
 * once, at publication). Undefined when the file is missing or no longer the size that was published.
 */
export async function sendableFile(
  path: string,
  published: { size: number; sha256: string },
): Promise<SendableFile | undefined> {
  const stats = await stat(path).catch(() => undefined);
  if (stats?.isFile() !== true || stats.size !== published.size) return undefined;
  const digest = Buffer.from(published.sha256, 'hex');
  return {
    path,
    size: stats.size,
    mtime: stats.mtime,
    etag: `"${digest.toString('base64url').slice(0, 32)}"`,
    sha256: digest.toString('base64'),
  };
}

/**
 * Streams a file as an attachment with `Range`/`If-Range` (206/416), `ETag`, `Last-Modified`, `Digest` and
 * `Repr-Digest`; `onSend(start)` runs before the first byte (the audit and the key's use count).
 */
export async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  info: SendableFile,
  fileName: string,
  onSend: (start: number) => Promise<void>,
): Promise<FastifyReply> {
  const ifRange = request.headers['if-range'];
  const rangeHeader = ifRangeMatches(typeof ifRange === 'string' ? ifRange : undefined, info.etag, info.mtime)
    ? request.headers.range
    : undefined;
  const range = parseRange(rangeHeader, info.size);
  reply
    .header('accept-ranges', 'bytes')
    .header('etag', info.etag)
    .header('last-modified', info.mtime.toUTCString())
    .header('cache-control', 'private, no-cache')
    .header('digest', `sha-256=${info.sha256}`)
    .header('repr-digest', `sha-256=:${info.sha256}:`)
    .header('content-disposition', contentDisposition('attachment', fileName));
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${info.size}`).type('text/plain').send('');
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? info.size - 1;
  await onSend(start);
  if (range !== undefined) reply.code(206).header('content-range', `bytes ${start}-${end}/${info.size}`);
  reply.type('application/octet-stream').header('content-length', String(end - start + 1));
  if (request.method === 'HEAD' || info.size === 0) return reply.send('');
  return reply.send(createReadStream(info.path, { start, end, highWaterMark: 256 * 1024 }));
}
