/**
 * One Refine form over the signed-in company (`com` data provider, resource `companies`, id `me`): GET
 * /com/companies/me fills it, PATCH /com/companies/me saves (the same handler as PATCH /com/companies), the
 * server's 400 field errors come back keyed by field. After a save the identity is reloaded, so the header shows
 * the new name and the interface its language.
 */
import { useForm, useInvalidateAuthStore, type HttpError } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { loadIdentity } from '../../../providers/auth';
import type { AccountFormState } from '../../user/profile/ProfileSection';

export interface CompanyMe extends Record<string, unknown> {
  hash: string;
  email: string;
  company_name: string;
  document_number_company: string;
  contact_name: string;
  logo: string | null;
  language: string;
  status: string;
}

type Errors = HttpError & { errors?: Record<string, string[]> };

export function useCompanyForm(): AccountFormState & { me: CompanyMe | undefined; reload: () => Promise<void> } {
  const { t } = useTranslation();
  const invalidateAuth = useInvalidateAuthStore();
  const form = useForm<CompanyMe, Errors, Record<string, unknown>>({
    resource: 'com/companies',
    id: 'me',
    action: 'edit',
    redirect: false,
    mutationMode: 'pessimistic',
    successNotification: () => ({ type: 'success', message: t('companyProfile.saved') }),
    errorNotification: (error) => ({ type: 'error', message: error?.errors ? t('member.form.fix') : (error?.message ?? t('errors.unexpected.title')) }),
    onMutationSuccess: async () => {
      await loadIdentity(true);
      await invalidateAuth();
    },
  });
  const errors = (form.mutation.error as Errors | null)?.errors;
  return {
    me: form.query?.data?.data,
    saving: form.mutation.isPending,
    save: form.onFinish,
    serverErrors: errors,
    reload: async () => {
      await form.query?.refetch();
      await loadIdentity(true);
      await invalidateAuth();
    },
  };
}
