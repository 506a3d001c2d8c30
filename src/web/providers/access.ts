/** Access control from GET /api/init: the actor's role and permission list (SPEC §6, one matrix in src/shared). */
import type { AccessControlProvider } from '@refinedev/core';
import type { Role } from '../../shared/permissions';
import { request } from './http';

export interface SiteSettings {
  address: string;
  phone: string;
  email: string;
  social: { linkedin: string; instagram: string; facebook: string; x: string };
  schoolUrl: string;
  ebookUrl: string;
  analyticsUrl: string | null;
}

export interface InitAnswer {
  role: Role;
  permissions: string[];
  actor: { type: string; hash: string; email: string } | null;
  settings: SiteSettings;
}

let init: Promise<InitAnswer> | null = null;
const listeners = new Set<(answer: InitAnswer) => void>();

export function refreshPermissions(force = true): Promise<InitAnswer> {
  if (force || !init) {
    init = request<InitAnswer>('api', 'init');
    void init.then((answer) => listeners.forEach((listener) => listener(answer))).catch(() => undefined);
  }
  return init;
}

export function onInit(listener: (answer: InitAnswer) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `<CanAccess action="jobs.apply">`: the action is a permission name of the matrix. */
export const accessControlProvider: AccessControlProvider = {
  can: async ({ action }) => {
    const { permissions } = await refreshPermissions(false);
    return { can: permissions.includes(action), reason: 'auth.upgradeRequired' };
  },
  options: { buttons: { enableAccessControl: true, hideIfUnauthorized: false } },
};
