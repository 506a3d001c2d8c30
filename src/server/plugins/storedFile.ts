/**
 * A stored object streamed by the portal itself (a public picture from the bucket, a private file of the local folder
 * behind our signed link), honouring one byte range (RFC 9110 §14): `Range: bytes=0-99` → 206 with Content-Range,
 * a range past the end → 416 with `Content-Range: bytes *` and the size, anything else that is not one byte range
 * (another unit, several ranges, a malformed header) → the whole file, as the RFC allows. Range parsing is jshttp's
 * `range-parser`, the one Express and `send` use.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import { AppError } from '../errors';
import type { FileStorage } from '../lib/storage';

/** Sends `key` (headers already set by the caller stay); answers null when the store has no such object. */
export async function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  key: string,
): Promise<FastifyReply | null> {
  const whole = await storage.get(key);
  if (!whole) return null;
  reply.header('Accept-Ranges', 'bytes');
  const header = request.headers.range;
  if (!header) return reply.header('Content-Length', whole.size).send(whole.body);
  const ranges = parseRange(whole.totalSize, header, { combine: true });
  if (ranges === -1) {
    whole.body.destroy();
    reply.header('Content-Range', `bytes */${whole.totalSize}`);
    throw new AppError(416, 'files.rangeNotSatisfiable');
  }
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1)
    return reply.header('Content-Length', whole.size).send(whole.body);
  // the whole object's stream gave its size; the part is asked of the store (S3 answers it by range, not by reading all)
  whole.body.destroy();
  const { start, end } = ranges[0]!;
  const part = await storage.get(key, { start, end });
  if (!part) return null;
  return reply
    .code(206)
    .header('Content-Range', `bytes ${start}-${end}/${whole.totalSize}`)
    .header('Content-Length', part.size)
    .send(part.body);
}
