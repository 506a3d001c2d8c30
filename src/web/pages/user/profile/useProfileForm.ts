/**
 * One Refine form over the signed-in member (`usr` data provider, resource `users`, id `me`):
 * GET /usr/users/me fills it, PATCH /usr/users/me saves (the same handler as PATCH /usr/users), the
 * server's 400 field errors come back keyed by field for <SchemaForm serverErrors>. After a save the
 * identity is reloaded, so the guards see profile_complete and has_iban at once.
 */
import { useInvalidateAuthStore } from '@refinedev/core';
import type { UserMe } from '../../../../shared/schema-types';
import { useResourceForm } from '../../../forms/useResourceForm';
import { useTranslation } from 'react-i18next';
import { loadIdentity } from '../../../providers/auth';

/**
 * GET /usr/users/me: user.me's fields (schemas/user.me.json), with the profile's state and file links a session
 * answer leaves out, and user.profile's fields (an index signature for the schema form's values).
 */
export type Me = UserMe &
  Required<Pick<UserMe, 'profile_level' | 'next_step' | 'missing' | 'cv' | 'student_file' | 'payment'>> &
  Record<string, unknown>;

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
