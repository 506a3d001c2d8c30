/**
 * The logger's options (issue 25 §9): production writes one JSON object a line (for a log collector); development
 * writes readable lines through pino-pretty when it is installed (a development dependency). A client that hangs up
 * mid-answer (a closed tab, a cancelled picture) is not a server error: whatever logs it at error level — Fastify's
 * request lines at debug, @fastify/compress's "premature close" — is written at info instead.
 */
import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

const ABORT_CODES = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);
const ERROR_LEVEL = 50;

/** The error a log call carries: the first argument itself, or its `err`. */
function carriedError(first: unknown): unknown {
  if (first instanceof Error) return first;
  return first && typeof first === 'object' ? (first as { err?: unknown }).err : undefined;
}

/** A client that went away: Node's codes for it, and the bare "premature close" of end-of-stream (pump). */
export function isClientAbort(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  return (code !== undefined && ABORT_CODES.has(code)) || error.message === 'premature close';
}

function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false; // installed without development dependencies: JSON lines
  }
}

type LoggerOptions = Exclude<NonNullable<FastifyServerOptions['logger']>, boolean>;

export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'production'>,
  stream?: { write(line: string): void },
): LoggerOptions | false {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    hooks: {
      logMethod(args, method, level) {
        const error = level >= ERROR_LEVEL ? carriedError(args[0]) : undefined;
        if (isClientAbort(error)) {
          // one short line, without the stack: nothing on the server went wrong
          this.info(`client closed the connection (${(error as Error).message})`);
          return;
        }
        method.apply(this, args);
      },
    },
    ...(stream
      ? { stream }
      : !config.production && prettyAvailable()
        ? {
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname', singleLine: true },
            },
          }
        : {}),
  };
}
