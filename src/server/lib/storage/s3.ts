/**
 * Any S3-compatible store (FILE_STORAGE=s3: AWS S3, Cloudflare R2, MinIO, Ceph, Garage). Checksums only when the
 * operation requires one (`WHEN_REQUIRED`): the SDK's newer default sends CRC headers many compatible stores refuse.
 * Downloads of private files go straight from the store through a presigned URL carrying the download name and type.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  NotFound,
  NoSuchKey,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Transform, type Readable } from 'node:stream';
import { asciiAttachmentHeader } from './disposition';
import { assertKey, type FileStorage } from './types';

export interface S3Settings {
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

function missing(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
  return (
    error instanceof NotFound ||
    error instanceof NoSuchKey ||
    status === 404 ||
    (error as Error).name === 'NoSuchKey' ||
    (error as Error).name === 'NotFound'
  );
}

/** The stream, failing (which aborts the request) when it holds more or fewer bytes than announced. */
function exactly(body: Readable, size: number): Readable {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      done(seen > size ? new Error('upload longer than announced') : null, chunk);
    },
    flush(done) {
      done(seen !== size ? new Error('upload shorter than announced') : null);
    },
  });
  body.on('error', (error) => counter.destroy(error));
  return body.pipe(counter);
}

export function s3Storage(
  settings: S3Settings,
  now: () => Date = () => new Date(),
): FileStorage & { client: S3Client } {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint ?? undefined,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  if (settings.forcePathStyle)
    // a bucket-level request (the listing) goes out as `/<bucket>/`; some S3-compatible servers sign `/<bucket>` and
    // refuse it as forged (s3rver). `/<bucket>` is as valid to AWS, MinIO and the rest, so it is sent that way.
    client.middlewareStack.add(
      (next) => async (args) => {
        const request = args.request as { path?: string };
        if (request.path === `/${Bucket}/`) request.path = `/${Bucket}`;
        return next(args);
      },
      { step: 'build', name: 'bucketPathWithoutSlash' },
    );

  return {
    driver: 's3',
    client,
    async put(key, body, { contentType, size }) {
      assertKey(key);
      const length = Buffer.isBuffer(body) ? body.length : size;
      // a stream needs its length up front (a single PUT); uploads reach here from a file whose size is known
      if (length === undefined) throw new Error('S3 put of a stream needs its size');
      if (Buffer.isBuffer(body)) {
        await client.send(
          new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: length }),
        );
        return;
      }
      // a stream that ends early would leave the store waiting for the bytes announced: its failure aborts the request
      const abort = new AbortController();
      let failure: Error | null = null;
      const counted = exactly(body, length).on('error', (error) => {
        failure = error;
        abort.abort(error);
      });
      try {
        await client.send(
          new PutObjectCommand({ Bucket, Key: key, Body: counted, ContentType: contentType, ContentLength: length }),
          { abortSignal: abort.signal },
        );
      } catch (error) {
        // S3 refuses a body shorter than announced, but a compatible store may keep what arrived before the abort,
        // and only once it notices the cut connection (s3rver does, a moment later): a failed put must leave nothing
        // under the key, whatever the store, so the key is deleted again over ~1 s (a rare path; the sweeper would
        // also remove such an object, later)
        for (const pause of [100, 300, 600]) {
          await new Promise((resolve) => setTimeout(resolve, pause));
          await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => undefined);
        }
        throw failure ?? error;
      }
    },
    async get(key, range) {
      assertKey(key);
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket,
            Key: key,
            Range: range ? `bytes=${range.start}-${range.end ?? ''}` : undefined,
          }),
        );
        const total = answer.ContentRange
          ? Number(answer.ContentRange.split('/')[1])
          : Number(answer.ContentLength ?? 0);
        return {
          body: answer.Body as Readable,
          size: Number(answer.ContentLength ?? 0),
          totalSize: total,
          contentType: answer.ContentType ?? null,
        };
      } catch (error) {
        if (missing(error) || (error as Error).name === 'InvalidRange') return null;
        throw error;
      }
    },
    async delete(key) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async exists(key) {
      assertKey(key);
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
    async *list(prefix) {
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: prefix })) {
        for (const object of page.Contents ?? [])
          if (object.Key)
            yield { key: object.Key, size: object.Size ?? 0, modifiedAt: object.LastModified ?? new Date(0) };
      }
    },
    async signedUrl(key, { downloadName, contentType, expiresInSeconds }) {
      assertKey(key);
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: asciiAttachmentHeader(downloadName),
        ResponseContentType: contentType,
        ResponseCacheControl: 'private, no-store',
      });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds, signingDate: now() });
    },
    async check() {
      // a GET of a key that is not there answers NoSuchKey only when the bucket exists and these keys may read it
      // (NoSuchBucket, AccessDenied otherwise; HEAD cannot tell the two 404s apart and HeadBucket is refused by some
      // S3-compatible servers). With AWS the policy needs s3:ListBucket for that answer.
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: 'private/reachable-check' }));
        (answer.Body as Readable | undefined)?.destroy();
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey') return;
        throw new Error(
          `S3 bucket ${Bucket} is not reachable: ${(error as Error).name} ${(error as Error).message}`.trim(),
        );
      }
    },
    describe() {
      return `S3 bucket ${Bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ` (region ${settings.region})`}`;
    },
  };
}
