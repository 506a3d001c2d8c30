/**
 * One Refine form over the signed-in member (`usr` data provider, resource `users`, id `me`):
 * GET /usr/users/me fills it, PATCH /usr/users/me saves (the same handler as PATCH /usr/users), the
 * server's 400 field errors come back keyed by field for <SchemaForm serverErrors>. After a save the
 * identity is reloaded, so the guards see profile_complete and has_iban at once.
 */
import { useForm, useInvalidateAuthStore, type HttpError } from '@refinedev/core';
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

type Errors = HttpError & { errors?: Record<string, string[]> };

/** `rename` maps a server field to the form's (e.g. `payment.iban` → `iban`). */
export function useProfileForm(rename: (field: string) => string = (field) => field) {
  const { t } = useTranslation();
  const invalidateAuth = useInvalidateAuthStore();
  const form = useForm<Me, Errors, Record<string, unknown>>({
    resource: 'usr/users',
    id: 'me',
    action: 'edit',
    redirect: false,
    successNotification: () => ({ type: 'success', message: t('profile.saved') }),
    onMutationSuccess: async () => {
      await loadIdentity(true);
      await invalidateAuth();
    },
  });
  const errors = (form.mutation.error as Errors | null)?.errors;
  const serverErrors = errors ? Object.fromEntries(Object.entries(errors).map(([field, messages]) => [rename(field), messages as string[]])) : undefined;
  return {
    me: form.query?.data?.data,
    loading: form.formLoading,
    saving: form.mutation.isPending,
    save: form.onFinish,
    serverErrors,
    reload: async () => {
      await form.query?.refetch();
      await loadIdentity(true);
      await invalidateAuth();
    },
  };
}
