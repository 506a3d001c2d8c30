/** /user/experiences/{hash}/edit: the experience form (PATCH /usr/workExperiences/{hash}) and delete. */
import { useMemo } from 'react';
import { Alert, Card, Space, Typography } from 'antd';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';
import { useLocale } from '../../../hooks/useLocale';
import { DeleteRecord } from '../portfolios/DeleteRecord';
import { useResourceForm } from '../../../forms/useResourceForm';
import { ExperienceForm, toValues } from './ExperienceForm';
import type { Experience } from './types';
import { UnexpectedErrorPage } from '../../common/StatusPages';

export default function ExperienceEditPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  const { hash = '' } = useParams();
  useDocumentTitle(`${t('pages.user.experiences.edit')} · Alumni`);
  const form = useResourceForm<Experience>({
    resource: 'usr/workExperiences',
    id: hash,
    savedMessage: t('member.saved'),
    onSaved: () => navigate(to('user.experiences.show', { hash })),
  });
  const record = form.record;
  const initial = useMemo(() => toValues(record), [record]);

  if (form.notFound)
    return (
      <Alert
        type="warning"
        showIcon
        message={t('member.notFound')}
        action={<Link to={to('user.experiences')}>{t('pages.user.experiences')}</Link>}
      />
    );
  if (form.loading && !record) return <Spinner />;
  if (!record) return <UnexpectedErrorPage error={form.loadError} />;

  return (
    <section data-testid="experience-edit">
      <Link to={to('user.experiences')}>← {t('pages.user.experiences')}</Link>
      <Space align="center" wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={1} className="page-title" style={{ marginBottom: 8 }}>
          {t('pages.user.experiences.edit')}
        </Typography.Title>
        <DeleteRecord
          resource="workExperiences"
          id={hash}
          name={record.name}
          onDeleted={() => navigate(to('user.experiences'))}
        />
      </Space>
      <Card style={{ maxWidth: 760 }}>
        <ExperienceForm
          initial={initial}
          submitText={t('member.save')}
          saving={form.saving}
          serverErrors={form.serverErrors}
          onSubmit={(values) => void form.save(values as Record<string, unknown>)}
        />
      </Card>
    </section>
  );
}
