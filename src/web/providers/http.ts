/**
 * One fetch wrapper for the four API prefixes: the headers of SPEC §7, one token refresh on 401,
 * and errors shaped `{ statusCode, message, errors }` for Refine (so 401/403 reach authProvider.onError).
 */
import type { HttpError } from '@refinedev/core';
import { DEVICE_TYPE } from '../../shared/constants';
import { currentLocale, i18n } from './i18n';
import { clearSession, PREFIX_OF, readSession, saveSession, type Session } from './session';

export type Prefix = 'api' | 'usr' | 'com' | 'adm';

// on the server (entry-server.tsx) there is no document: the server's own fetch adds the key
const apiKey =
  typeof document === 'undefined'
    ? ''
    : (document.querySelector<HTMLMetaElement>('meta[name="api-key"]')?.content ?? '');

/** The fetch the server renderer uses instead of the network (it calls the app in-process, anonymously). */
let serverFetch: typeof fetch | null = null;
export function setServerFetch(next: typeof fetch | null): void {
  serverFetch = next;
}

export interface RequestOptions {
  method?: string;
  query?: Record<string, unknown>;
  body?: unknown;
  signal?: AbortSignal;
  /** `text`: the answer as it came (a CSV export), not parsed as JSON; `blob`: a file (a PDF, a zip), as a `File` named by the server. */
  as?: 'json' | 'text' | 'blob';
}

function headers(session: Session | null, hasBody: boolean): Record<string, string> {
  const out: Record<string, string> = { apiKey, language: currentLocale(), Accept: 'application/json' };
  if (hasBody) out['Content-Type'] = 'application/json';
  if (session) {
    out['token'] = session.token;
    out['deviceId'] = session.deviceId;
    out['type'] = String(DEVICE_TYPE);
  }
  return out;
}

export function buildQuery(query: Record<string, unknown> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Opens a server-sent events stream with the session's headers (EventSource cannot send them); no refresh here. */
export function openStream(prefix: Prefix, path: string, signal: AbortSignal): Promise<Response> {
  return fetch(`/${prefix}/${path.replace(/^\//, '')}`, {
    headers: { ...headers(readSession(), false), Accept: 'text/event-stream' },
    signal,
  });
}

let refreshing: Promise<boolean> | null = null;

/** Rotates the tokens once, shared by every request that saw the 401 at the same time. */
function refreshSession(session: Session): Promise<boolean> {
  refreshing ??= fetch(`/${PREFIX_OF[session.iss]}/refresh`, {
    method: 'POST',
    headers: headers(null, true),
    body: JSON.stringify({ refreshToken: session.refreshToken, deviceId: session.deviceId }),
  })
    .then(async (res) => {
      if (!res.ok) return false;
      const body = await res.json();
      saveSession(
        { iss: session.iss, token: body.token, refreshToken: body.refreshToken, deviceId: body.deviceId },
        body.refreshExpiresAt,
      );
      return true;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

export async function request<T>(prefix: Prefix, path: string, options: RequestOptions = {}): Promise<T> {
  const url = `/${prefix}/${path.replace(/^\//, '')}${buildQuery(options.query)}`;
  const send = (session: Session | null) =>
    (serverFetch ?? fetch)(url, {
      method: options.method ?? 'GET',
      headers: headers(session, options.body !== undefined),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  let session = readSession();
  let response: Response;
  try {
    response = await send(session);
    if (response.status === 401 && session) {
      if (await refreshSession(session)) {
        session = readSession();
        response = await send(session);
      } else {
        clearSession();
      }
    }
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw { statusCode: 0, message: i18n.t('errors.network') } satisfies HttpError;
  }
  if (response.ok && options.as === 'blob') {
    // a file keeps the name the server gave it (Content-Disposition), when it gave one
    const name = /filename="([^"]+)"/.exec(response.headers.get('Content-Disposition') ?? '')?.[1] ?? '';
    const blob = await response.blob();
    return new File([blob], name, { type: blob.type }) as T;
  }
  const text = await response.text();
  if (response.ok && options.as === 'text') return text as T;
  const body = text ? safeJson(text) : null;
  if (!response.ok) {
    const message =
      (body as { message?: string } | null)?.message ??
      i18n.t(response.status >= 500 ? 'errors.server' : 'errors.unexpected.title');
    const errors = (body as { errors?: Array<{ field: string; message: string }> } | null)?.errors;
    const error: HttpError & { code?: string } = {
      statusCode: response.status,
      message,
      code: (body as { code?: string } | null)?.code,
      errors: errors ? Object.fromEntries(errors.map((e) => [e.field, [e.message]])) : undefined,
    };
    throw error;
  }
  return body as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
