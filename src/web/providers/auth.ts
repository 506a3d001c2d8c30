/** Sign-in for members (`/usr`) and companies (`/com`), kept in the SPEC §3 cookies. */
import type { AuthProvider } from '@refinedev/core';
import type { CompanyMe, UserMe } from '../../shared/schema-types';
import { DEVICE_TYPE } from '../../shared/constants';
import { localizePath } from '../../shared/routes';
import { request } from './http';
import { currentLocale, i18n } from './i18n';
import { clearSession, deviceId, PREFIX_OF, readSession, saveSession, type Issuer } from './session';

/** Where each kind of account reads itself and signs out. */
const ME_PATH = { user: 'users/me', company: 'companies/me', admin: 'me' } as const;
const LOGOUT_PATH = { user: 'users/logout', company: 'companies/logout', admin: 'logout' } as const;
import { refreshPermissions } from './access';
import { queryClient } from './queryClient';

/**
 * Who is signed in: the account's GET …/me answer (schemas/user.me.json, company.me.json; an administrator's has
 * hash, email and name), of which the guards and menus read these fields.
 */
export type Identity = { iss: Issuer } & Pick<UserMe, 'hash' | 'email'> &
  Partial<
    Pick<
      UserMe,
      'name' | 'surname1' | 'role' | 'code_numeric' | 'profile_complete' | 'has_iban' | 'has_payment_method' | 'has_cv'
    >
  > &
  Partial<Pick<CompanyMe, 'company_name'>> & {
    /** an administrator in production whose second factor is not on yet: the back office only lets them enrol */
    totp_setup_required?: boolean;
  };

export interface LoginParams {
  email: string;
  password: string;
  kind: Issuer;
  /** an administrator's second factor (a TOTP or recovery code), once the server asked for it */
  code?: string;
}

let identity: Promise<Identity | null> | null = null;

/** The react-query key of the identity outside Refine (hooks/useIdentity.ts), refreshed with it. */
export const IDENTITY_KEY = ['session', 'identity'] as const;

/** The signed-in member or company, loaded once and shared (SPEC §4: errors while loading are ignored). */
let forcedLoads = 0;

export function loadIdentity(force = false): Promise<Identity | null> {
  if (force || !identity) {
    const session = readSession();
    identity = !session
      ? Promise.resolve(null)
      : request<Omit<Identity, 'iss'>>(PREFIX_OF[session.iss], ME_PATH[session.iss])
          .then((me) => ({ ...me, iss: session.iss }))
          .catch((error: { statusCode?: number }) => {
            // SPEC §4: a failed initialisation clears the cookies — when the server answered. No answer at all (the
            // network is down, or the page is leaving and the browser cancelled the request) says nothing about the
            // session: clearing it then signed people out who saved a form and moved on at once.
            if (error?.statusCode) clearSession();
            return null;
          });
    if (force) {
      const mine = ++forcedLoads;
      // the role may change with the identity (sign-in, an upgrade, a lapse): the permission list the menus and guards
      // ask follows in the same step, so whoever awaits a fresh identity also gets the actor's permissions
      const permissions = refreshPermissions().catch(() => undefined);
      identity = Promise.all([identity, permissions]).then(([me]) => me);
      // the query outside Refine gets the new identity before anyone awaiting this promise goes on
      // only the newest forced load writes it: a sign-in's slower answer arriving after a sign-out's must not bring
      // the signed-out person back into the header
      void identity.then((me) => {
        if (mine === forcedLoads) queryClient.setQueryData(IDENTITY_KEY, me);
      });
    }
  }
  return identity;
}

export const authProvider: AuthProvider = {
  login: async ({ email, password, kind, code }: LoginParams) => {
    const prefix = PREFIX_OF[kind] ?? 'usr';
    try {
      const answer = await request<{
        token: string;
        refreshToken: string;
        deviceId: string;
        refreshExpiresAt?: string;
      }>(prefix, 'login', {
        method: 'POST',
        body: { email, password, deviceId: deviceId(), deviceType: DEVICE_TYPE, push: null, ...(code ? { code } : {}) },
      });
      saveSession(
        { iss: kind, token: answer.token, refreshToken: answer.refreshToken, deviceId: answer.deviceId },
        answer.refreshExpiresAt,
      );
      await loadIdentity(true);
      if (kind === 'admin') return { success: true, redirectTo: `/${currentLocale()}/admin/users` };
      return {
        success: true,
        redirectTo: localizePath(kind === 'company' ? 'company.jobs' : 'user.profile', currentLocale()),
      };
    } catch (error) {
      const e = error as { message?: string; statusCode?: number; code?: string };
      // the password was right and a second factor is on: the form asks for the code. Answered as a success without a
      // redirect, because Refine shows a red "Login error" toast for any failure, and this is a step, not an error.
      if (e.code === 'auth.totpRequired') return { success: true, totpRequired: true };
      // an administrator's credentials on the member or company sign-in: the form shows where to go (not an error toast)
      if (e.code === 'auth.adminSignInElsewhere') return { success: true, adminSignInElsewhere: true };
      return { success: false, error: { name: i18n.t('auth.failed'), message: e.message ?? '' } };
    }
  },
  logout: async () => {
    const session = readSession();
    if (session) {
      await request(PREFIX_OF[session.iss], LOGOUT_PATH[session.iss]).catch(() => undefined);
    }
    clearSession();
    await loadIdentity(true);
    return {
      success: true,
      redirectTo: session?.iss === 'admin' ? `/${currentLocale()}/admin/login` : localizePath('home', currentLocale()),
    };
  },
  check: async () => {
    const me = await loadIdentity();
    return me
      ? { authenticated: true }
      : { authenticated: false, logout: true, redirectTo: localizePath('login', currentLocale()) };
  },
  onError: async (error: { statusCode?: number; code?: string }) => {
    // in production an administrator without the second factor is sent to enrol, not signed out
    if (error?.code === 'admin.totpSetupRequired') return { redirectTo: `/${currentLocale()}/admin/security` };
    if (error?.statusCode === 401 || error?.statusCode === 403) {
      const admin = readSession()?.iss === 'admin';
      clearSession();
      await loadIdentity(true);
      return {
        logout: true,
        redirectTo: admin ? `/${currentLocale()}/admin/login` : localizePath('login', currentLocale()),
        error: error as Error,
      };
    }
    return {};
  },
  getIdentity: () => loadIdentity(),
  getPermissions: async () => (await refreshPermissions(false)).permissions,
};
