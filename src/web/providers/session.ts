/** The sign-in cookies of SPEC §3: iss, token, refreshToken, deviceId. */
import Cookies from 'js-cookie';
import type { Session as SessionAnswer } from '../../shared/schema-types';
import { makeDeviceId } from '../../shared/constants';

export type Issuer = SessionAnswer['iss'];

/** The API prefix of each kind of account (SPEC §7; `/adm` for the back office). */
export const PREFIX_OF = { user: 'usr', company: 'com', admin: 'adm' } as const;

/** What the cookies keep of a sign-in answer (schemas/session.json). */
export type Session = Pick<SessionAnswer, 'iss' | 'token' | 'refreshToken' | 'deviceId'>;

const KEYS = ['iss', 'token', 'refreshToken', 'deviceId'] as const;

/** The server's REFRESH_TTL_DAYS default, for an answer that does not say when its refresh token ends. */
export const REFRESH_TTL_DAYS = 30;

/**
 * DESIGN §4: SameSite=Strict always, Secure when the page came over https (production), and gone when
 * the refresh token is (`refreshExpiresAt` of the sign-in and refresh answers), so no cookie keeps a
 * dead token around.
 */
export function cookieAttributes(
  https: boolean,
  refreshExpiresAt?: string,
  now = Date.now(),
): Cookies.CookieAttributes {
  const end = refreshExpiresAt ? Date.parse(refreshExpiresAt) : Number.NaN;
  const expires = new Date(Number.isFinite(end) ? end : now + REFRESH_TTL_DAYS * 86_400_000);
  return { sameSite: 'strict', secure: https, path: '/', expires };
}

const options = (refreshExpiresAt?: string) =>
  cookieAttributes(window.location.protocol === 'https:', refreshExpiresAt);

// every request reads it: the cookies are read once (each read of document.cookie asks the browser, issue 27 §3); the
// server renderer has no document, and js-cookie then answers nothing
export function readSession(): Session | null {
  const { iss, token, refreshToken, deviceId } = (Cookies.get() as Record<string, string> | undefined) ?? {};
  if ((iss !== 'user' && iss !== 'company' && iss !== 'admin') || !token || !refreshToken || !deviceId) return null;
  return { iss, token, refreshToken, deviceId };
}

/** Writes the four cookies from a sign-in or refresh answer (each rotation moves their end). */
export function saveSession(session: Session, refreshExpiresAt?: string): void {
  const attributes = options(refreshExpiresAt);
  for (const key of KEYS) Cookies.set(key, session[key], attributes);
}

/** Logout, or any failure while initialising authentication, clears every auth cookie (SPEC §4). */
export function clearSession(): void {
  for (const key of KEYS) Cookies.remove(key, { path: '/' });
}

/** The device id sent with a sign-in: a new one after each sign-out (SPEC §9: five random base-36 strings). */
export function deviceId(): string {
  let id = Cookies.get('deviceId');
  if (!id) {
    id = makeDeviceId();
    Cookies.set('deviceId', id, options());
  }
  return id;
}
