/** /user/workgroups/new (issue 12 §1): a new group starts as a draft; the next page offers the picture and sending it for review. */
import { Card, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useResourceForm } from '../../../forms/useResourceForm';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { GroupForm, toValues } from './GroupForm';
import type { OwnGroup } from './types';

export default function GroupCreatePage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  useDocumentTitle(`${t('pages.user.workgroups.new')} · Alumni`);
  const form = useResourceForm<OwnGroup>({
    resource: 'usr/workgroups',
    savedMessage: t('groups.created'),
    onSaved: (group) => void navigate(to('user.workgroups.edit', { hash: group.hash })),
  });
  return (
    <section data-testid="group-new">
      <Link to={to('user.workgroups')}>← {t('pages.user.workgroups')}</Link>
      <Typography.Title level={1} className="page-title">
        {t('pages.user.workgroups.new')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('groups.form.intro')}</Typography.Paragraph>
      <Card style={{ maxWidth: 760 }}>
        <GroupForm
          initial={toValues()}
          submitText={t('groups.form.create')}
          saving={form.saving}
          serverErrors={form.serverErrors}
          onSubmit={(values) => void form.save(values as Record<string, unknown>).catch(() => undefined)}
        />
      </Card>
    </section>
  );
}
