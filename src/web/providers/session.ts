/** The sign-in cookies of SPEC §3: iss, token, refreshToken, deviceId. */
import Cookies from 'js-cookie';
import { makeDeviceId } from '../../shared/constants';

export type Issuer = 'user' | 'company';

export interface Session {
  iss: Issuer;
  token: string;
  refreshToken: string;
  deviceId: string;
}

const options = (): Cookies.CookieAttributes => ({ sameSite: 'strict', secure: window.location.protocol === 'https:', path: '/', expires: 30 });

export function readSession(): Session | null {
  const iss = Cookies.get('iss');
  const token = Cookies.get('token');
  const refreshToken = Cookies.get('refreshToken');
  const deviceId = Cookies.get('deviceId');
  if ((iss !== 'user' && iss !== 'company') || !token || !refreshToken || !deviceId) return null;
  return { iss, token, refreshToken, deviceId };
}

export function saveSession(session: Session): void {
  for (const [key, value] of Object.entries(session)) Cookies.set(key, value, options());
}

/** Logout, or any failure while initialising authentication, clears every auth cookie (SPEC §4). */
export function clearSession(): void {
  for (const key of ['iss', 'token', 'refreshToken', 'deviceId']) Cookies.remove(key, { path: '/' });
}

/** The device id sent with a sign-in: a new one after each sign-out (SPEC §9: five random base-36 strings). */
export function deviceId(): string {
  let id = Cookies.get('deviceId');
  if (!id) {
    id = makeDeviceId();
    Cookies.set('deviceId', id, { ...options(), expires: 365 });
  }
  return id;
}
