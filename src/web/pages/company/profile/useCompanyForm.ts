/**
 * One Refine form over the signed-in company (`com` data provider, resource `companies`, id `me`): GET
 * /com/companies/me fills it, PATCH /com/companies/me saves (the same handler as PATCH /com/companies), the
 * server's 400 field errors come back keyed by field. After a save the identity is reloaded, so the header shows
 * the new name and the interface its language.
 */
import { useInvalidateAuthStore } from '@refinedev/core';
import type { CompanyMe as GeneratedCompanyMe } from '../../../../shared/schema-types';
import { useMemo } from 'react';
import { useResourceForm } from '../../../forms/useResourceForm';
import { useTranslation } from 'react-i18next';
import { loadIdentity } from '../../../providers/auth';
import type { AccountFormState } from '../../user/profile/ProfileSection';

/** GET /com/companies/me (schemas/company.me.json); an index signature for the schema form's values. */
export type CompanyMe = GeneratedCompanyMe & Record<string, unknown>;

export function useCompanyForm(): AccountFormState & { me: CompanyMe | undefined; reload: () => Promise<void> } {
  const { t } = useTranslation();
  const invalidateAuth = useInvalidateAuthStore();
  const reloadIdentity = async () => {
    await loadIdentity(true);
    await invalidateAuth();
  };
  const form = useResourceForm<CompanyMe>({
    resource: 'com/companies',
    id: 'me',
    savedMessage: t('companyProfile.saved'),
    onSaved: reloadIdentity,
    rename: (field) => field,
  });
  // a field a maintainer added to company.profile comes back under `extra` (companies.data): the form reads it by name
  const record = form.record;
  const me = useMemo(
    () => (record ? { ...((record.extra as Record<string, unknown> | undefined) ?? {}), ...record } : undefined),
    [record],
  );
  return {
    me,
    saving: form.saving,
    save: form.save,
    serverErrors: form.serverErrors,
    reload: async () => {
      await form.refetch();
      await reloadIdentity();
    },
  };
}
