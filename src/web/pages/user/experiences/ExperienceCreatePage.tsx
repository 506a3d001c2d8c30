/** /user/experiences/new: the experience form (POST /usr/workExperiences); back to the list once saved. */
import { Card, Typography } from 'antd';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../hooks/useLocale';
import { useResourceForm } from '../../../forms/useResourceForm';
import { ExperienceForm, toValues } from './ExperienceForm';
import type { Experience } from './types';

export default function ExperienceCreatePage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  useDocumentTitle(`${t('pages.user.experiences.new')} · Alumni`);
  const form = useResourceForm<Experience>({
    resource: 'usr/workExperiences',
    savedMessage: t('experiences.created'),
    onSaved: () => navigate(to('user.experiences')),
  });
  return (
    <section data-testid="experience-new">
      <Link to={to('user.experiences')}>← {t('pages.user.experiences')}</Link>
      <Typography.Title level={1} className="page-title">
        {t('pages.user.experiences.new')}
      </Typography.Title>
      <Card style={{ maxWidth: 760 }}>
        <ExperienceForm
          initial={toValues()}
          submitText={t('experiences.form.create')}
          saving={form.saving}
          serverErrors={form.serverErrors}
          onSubmit={(values) => void form.save(values as Record<string, unknown>)}
        />
      </Card>
    </section>
  );
}
