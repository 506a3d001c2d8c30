/**
 * /{lng}/admin/settings (issue 14 §4): the association's details shown in every footer, its links, and the membership
 * terms — one Refine form over `adm` resource `settings`, id `site`, rendered from schemas/site.settings.json. After a
 * save the footer's data is refetched, so this very page's footer already shows the change.
 */
import { Alert, Card, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useResourceForm } from '../../../forms/useResourceForm';
import { Spinner } from '../../../components/Spinner';
import { SchemaForm } from '../../../forms/SchemaForm';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { INIT_KEY } from '../../../providers/access';
import { SITE_SETTINGS_KEY } from '../../../hooks/useSiteSettings';

const NETWORKS = ['linkedin', 'instagram', 'facebook', 'x'] as const;

export default function SiteSettingsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  useDocumentTitle(`${t('admin.settings.title')} · Alumni`);
  const form = useResourceForm<Record<string, unknown>>({
    resource: 'adm/settings',
    id: 'site',
    savedMessage: t('admin.settings.saved'),
    rename: (field) => field,
    onSaved: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: INIT_KEY }),
        client.invalidateQueries({ queryKey: SITE_SETTINGS_KEY }),
      ]);
    },
  });
  const record = form.record;
  if (!record) return <Spinner />;
  const errors = form.serverErrors;
  // a nested field's error (`social.instagram`) is shown on its group
  const serverErrors =
    errors && Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field.split('.')[0]!, messages]));
  return (
    <section data-testid="admin-settings">
      <Typography.Title level={2}>{t('admin.settings.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin.settings.intro')}</Typography.Paragraph>
      <Card style={{ maxWidth: 760 }}>
        <SchemaForm<Record<string, unknown>>
          id="form-siteSettings"
          form="siteSettings"
          formData={record}
          submitText={t('admin.settings.save')}
          submitting={form.saving}
          serverErrors={serverErrors}
          uiSchema={{
            address: { 'ui:help': t('admin.settings.addressHelp') },
            social: {
              'ui:title': t('admin.settings.social'),
              'ui:description': t('admin.settings.socialHelp'),
              ...Object.fromEntries(
                NETWORKS.map((network) => [
                  network,
                  {
                    'ui:title': t(`admin.settings.network.${network}`),
                    'ui:placeholder': 'https://',
                    'ui:emptyValue': '',
                  },
                ]),
              ),
            },
            schoolUrl: { 'ui:title': t('admin.settings.schoolUrl'), 'ui:placeholder': 'https://', 'ui:emptyValue': '' },
            ebookUrl: {
              'ui:title': t('admin.settings.ebookUrl'),
              'ui:help': t('admin.settings.ebookHelp'),
              'ui:placeholder': 'https://',
              'ui:emptyValue': '',
            },
            membership: {
              'ui:title': t('admin.settings.membership'),
              priceEuros: { 'ui:title': t('admin.settings.priceEuros'), 'ui:help': t('admin.settings.priceHelp') },
              freePeriodMonths: {
                'ui:title': t('admin.settings.freePeriodMonths'),
                'ui:help': t('admin.settings.freePeriodHelp'),
              },
            },
            autoValidation: {
              'ui:title': t('admin.settings.autoValidation'),
              'ui:help': t('admin.settings.autoValidationHelp'),
            },
          }}
          onSubmit={(values) => void form.save(values).catch(() => undefined)}
        />
        <Alert type="info" showIcon style={{ marginTop: 16 }} message={t('admin.settings.analyticsNote')} />
      </Card>
    </section>
  );
}
