/**
 * One Refine form over the signed-in member (`usr` data provider, resource `users`, id `me`):
 * GET /usr/users/me fills it, PATCH /usr/users/me saves (the same handler as PATCH /usr/users), the
 * server's 400 field errors come back keyed by field for <SchemaForm serverErrors>. After a save the
 * identity is reloaded, so the guards see profile_complete and has_iban at once.
 */
import { useInvalidateAuthStore } from '@refinedev/core';
import { useResourceForm } from '../../../forms/useResourceForm';
import { useTranslation } from 'react-i18next';
import { loadIdentity } from '../../../providers/auth';

export interface Me extends Record<string, unknown> {
  hash: string;
  role: string;
  email: string;
  profile_level: number;
  profile_complete: boolean;
  next_step: { field: string; percent: number } | null;
  missing: string[];
  photo: string | null;
  cv: string | null;
  student_file: string | null;
  has_iban: boolean;
  payment: { bank: string | null; name: string | null; iban: string } | null;
}

/** `rename` maps a server field to the form's (e.g. `payment.iban` → `iban`). */
export function useProfileForm(rename: (field: string) => string = (field) => field) {
  const { t } = useTranslation();
  const invalidateAuth = useInvalidateAuthStore();
  const reloadIdentity = async () => {
    await loadIdentity(true);
    await invalidateAuth();
  };
  const form = useResourceForm<Me>({
    resource: 'usr/users',
    id: 'me',
    savedMessage: t('profile.saved'),
    onSaved: reloadIdentity,
    rename,
  });
  return {
    me: form.record,
    loading: form.loading,
    saving: form.saving,
    save: form.save,
    serverErrors: form.serverErrors,
    reload: async () => {
      await form.refetch();
      await reloadIdentity();
    },
  };
}
