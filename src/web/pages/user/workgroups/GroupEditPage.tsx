/** /user/workgroups/{hash}/edit (issue 12 §1): the group form, its picture, and sending it for review. Another member's group shows not found. */
import { useMemo } from 'react';
import { Alert, Card, Col, Row, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';
import { UploadField } from '../../../forms/widgets/UploadField';
import { useResourceForm } from '../../../forms/useResourceForm';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { useLocale } from '../../../hooks/useLocale';
import { useInvalidate } from '@refinedev/core';
import { GroupForm, toValues } from './GroupForm';
import { SubmitForReview } from './SubmitForReview';
import type { OwnGroup } from './types';
import { UnexpectedErrorPage } from '../../common/StatusPages';

export default function GroupEditPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { hash = '' } = useParams();
  const invalidate = useInvalidate();
  useDocumentTitle(`${t('pages.user.workgroups.edit')} · Alumni`);
  const form = useResourceForm<OwnGroup>({ resource: 'usr/workgroups', id: hash, savedMessage: t('groups.saved') });
  const group = form.record;
  const initial = useMemo(() => toValues(group), [group]);
  if (form.notFound)
    return (
      <Alert
        type="warning"
        showIcon
        message={t('member.notFound')}
        action={<Link to={to('user.workgroups')}>{t('pages.user.workgroups')}</Link>}
      />
    );
  if (form.loadError) return <UnexpectedErrorPage error={form.loadError} />;
  if (!group) return <Spinner />;
  return (
    <section data-testid="group-edit">
      <Link to={to('user.workgroups.show', { hash })}>← {group.name}</Link>
      <Typography.Title level={1} className="page-title">
        {t('pages.user.workgroups.edit')}
      </Typography.Title>
      <SubmitForReview group={group} />
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={16}>
          <Card>
            <GroupForm
              initial={initial}
              submitText={t('groups.form.save')}
              saving={form.saving}
              serverErrors={form.serverErrors}
              onSubmit={(values) => void form.save(values as Record<string, unknown>).catch(() => undefined)}
            />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={t('groups.picture')}>
            <Typography.Paragraph type="secondary">{t('groups.pictureHelp')}</Typography.Paragraph>
            <UploadField
              kind="picture"
              path={`workgroups/${hash}/image`}
              value={group.image}
              onChange={() =>
                void invalidate({ resource: 'usr/workgroups', invalidates: ['detail', 'list'], id: hash })
              }
            />
          </Card>
        </Col>
      </Row>
    </section>
  );
}
