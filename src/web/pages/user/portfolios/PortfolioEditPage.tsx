/**
 * /user/portfolios/{hash}/edit: the project form (PATCH /usr/portfolios/{hash}) and its pictures
 * (ImageManager). Another member's project, or one that no longer exists, shows the not-found state.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Row, Space, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';
import { useLocale } from '../../../hooks/useLocale';
import { DeleteRecord } from './DeleteRecord';
import { ImageManager } from './ImageManager';
import { UploadField } from '../../../forms/widgets/UploadField';
import { PortfolioForm, toValues } from './PortfolioForm';
import { StatusTag } from './StatusTag';
import type { Portfolio, PortfolioImage } from './types';
import { useResourceForm } from '../../../forms/useResourceForm';
import { UnexpectedErrorPage } from '../../common/StatusPages';

export default function PortfolioEditPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  const fresh = Boolean((useLocation().state as { fresh?: boolean } | null)?.fresh);
  const { hash = '' } = useParams();
  useDocumentTitle(`${t('pages.user.portfolios.edit')} · Alumni`);
  const form = useResourceForm<Portfolio>({ resource: 'usr/portfolios', id: hash, savedMessage: t('member.saved') });
  const record = form.record;
  const initial = useMemo(() => toValues(record), [record]);
  // The pictures change apart from the form: the manager's answers are kept here, so unsaved form edits stay.
  const [images, setImages] = useState<PortfolioImage[] | null>(null);
  const [file, setFile] = useState<{ file: string | null; file_name: string | null } | undefined>(undefined);

  if (form.notFound)
    return (
      <Alert
        type="warning"
        showIcon
        message={t('member.notFound')}
        action={<Link to={to('user.portfolios')}>{t('pages.user.portfolios')}</Link>}
      />
    );
  if (form.loading && !record) return <Spinner />;
  if (!record) return <UnexpectedErrorPage error={form.loadError} />;

  return (
    <section data-testid="portfolio-edit">
      <Link to={to('user.portfolios')}>← {t('pages.user.portfolios')}</Link>
      <Space align="center" wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={1} className="page-title" style={{ marginBottom: 8 }}>
          {record.name}
        </Typography.Title>
        <Space wrap>
          <StatusTag status={record.status} />
          <Link to={to('user.portfolios.show', { hash })}>
            <Button icon={<EyeOutlined />}>{t('member.view')}</Button>
          </Link>
          <DeleteRecord
            resource="portfolios"
            id={hash}
            name={record.name}
            onDeleted={() => navigate(to('user.portfolios'))}
          />
        </Space>
      </Space>
      {fresh && <Alert type="success" showIcon style={{ marginBottom: 16 }} message={t('portfolios.addImagesNow')} />}
      <Row gutter={[24, 24]}>
        <Col xs={24} lg={12}>
          <Card>
            <PortfolioForm
              initial={initial}
              submitText={t('member.save')}
              saving={form.saving}
              serverErrors={form.serverErrors}
              onSubmit={(values) => void form.save(values as Record<string, unknown>)}
            />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card>
            <ImageManager
              portfolio={{ ...record, images: images ?? record.images }}
              onChange={(next) => setImages(next.images)}
            />
          </Card>
          <Card title={t('portfolios.file.title')} style={{ marginTop: 24 }} data-testid="portfolio-file-card">
            <UploadField
              kind="portfolioFile"
              path={`portfolios/${hash}/file`}
              value={file === undefined ? (record.file ?? null) : file.file}
              fileName={(file === undefined ? record.file_name : file.file_name) ?? undefined}
              onChange={(answer) => setFile(answer as { file: string | null; file_name: string | null })}
            />
          </Card>
        </Col>
      </Row>
    </section>
  );
}
