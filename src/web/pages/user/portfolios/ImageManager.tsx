/**
 * The pictures of one project (edit page): add several at once (antd Upload, one multipart request,
 * progress bar), preview, delete with a confirmation, move left/right or make one the cover (the first
 * picture; PATCH { images } with the new order). Size and type are checked before sending with the
 * same list the server enforces (src/shared/uploads.ts); the server's message is shown otherwise.
 */
import { useState, type CSSProperties } from 'react';
import { Button, Empty, Image, Modal, Popconfirm, Progress, Space, Tag, Tooltip, Typography, Upload } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined, DeleteOutlined, StarOutlined, UploadOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { useTranslation } from 'react-i18next';
import { ACCEPTED, fileProblem, sizeLabel, UPLOAD_KINDS } from '../../../../shared/uploads';
import { request } from '../../../providers/http';
import { useFeedback } from '../../../providers/notifications';
import { uploadFiles } from '../../../providers/upload';
import type { Portfolio, PortfolioImage } from './types';

const KIND = UPLOAD_KINDS.portfolioImage;
const GRID: CSSProperties = {
  listStyle: 'none',
  padding: 0,
  margin: '16px 0 0',
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
  gap: 16,
};
const CELL: CSSProperties = { position: 'relative', minWidth: 0 };
const COVER: CSSProperties = { position: 'absolute', top: 8, left: 8, margin: 0 };

export function ImageManager({ portfolio, onChange }: { portfolio: Portfolio; onChange: (next: Portfolio) => void }) {
  const { t } = useTranslation();
  // Modal.useModal, not App.useApp: the app has no antd <App> wrapper (providers/notifications.tsx).
  const [modal, modalHolder] = Modal.useModal();
  const feedback = useFeedback();
  const invalidate = useInvalidate();
  const [percent, setPercent] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const images = portfolio.images;
  const dialog = { maskClosable: false, closable: true, okText: t('upload.ok') };
  const full = images.length >= KIND.maxFiles;

  const changed = (next: Portfolio) => {
    onChange(next);
    void invalidate({ resource: 'usr/portfolios', invalidates: ['list'] });
  };

  const upload = async (files: File[]) => {
    const good = files.filter((file) => {
      const problem = fileProblem('portfolioImage', file);
      if (problem === 'wrongType')
        modal.warning({
          ...dialog,
          title: t('upload.wrongType.title'),
          content: `${file.name}: ${t('upload.wrongType.text', { types: ACCEPTED.image.label })}`,
        });
      if (problem === 'tooLarge')
        modal.warning({
          ...dialog,
          title: t('upload.tooLarge.title'),
          content: `${file.name}: ${t('upload.tooLarge.text', { max: sizeLabel(KIND.maxBytes) })}`,
        });
      if (problem === 'empty')
        modal.warning({ ...dialog, title: t('upload.failed'), content: `${file.name}: ${t('upload.empty')}` });
      return problem === null;
    });
    if (good.length === 0) return;
    if (images.length + good.length > KIND.maxFiles) {
      modal.warning({
        ...dialog,
        title: t('upload.failed'),
        content: t('portfolios.images.tooMany', { count: KIND.maxFiles }),
      });
      return;
    }
    setPercent(0);
    try {
      const answer = await uploadFiles(
        `portfolios/${encodeURIComponent(portfolio.hash)}/images`,
        UPLOAD_KINDS.portfolioImage.field,
        good,
        setPercent,
      );
      if (answer.status >= 200 && answer.status < 300) {
        changed(answer.body as unknown as Portfolio);
        feedback.success(t('portfolios.images.added', { count: good.length }));
      } else {
        const title = answer.status === 413 ? t('upload.tooLarge.title') : t('upload.failed');
        modal.error({
          ...dialog,
          title,
          content: answer.body.errors?.[0]?.message ?? answer.body.message ?? t('upload.failed'),
        });
      }
    } catch (error) {
      const message = (error as { statusCode?: number; message?: string }).statusCode
        ? (error as { message: string }).message
        : t('upload.network');
      modal.error({ ...dialog, title: t('upload.failed'), content: message });
    } finally {
      setPercent(null);
    }
  };

  const act = async (work: () => Promise<Portfolio>, done: string) => {
    setBusy(true);
    try {
      changed(await work());
      feedback.success(done);
    } catch (error) {
      feedback.error((error as { message?: string }).message ?? t('errors.unexpected.title'));
    } finally {
      setBusy(false);
    }
  };
  const reorder = (order: PortfolioImage[], done: string) =>
    act(
      () =>
        request<Portfolio>('usr', `portfolios/${encodeURIComponent(portfolio.hash)}`, {
          method: 'PATCH',
          body: { images: order.map((image) => image.hash) },
        }),
      done,
    );
  const move = (from: number, to: number) => {
    const order = [...images];
    const [item] = order.splice(from, 1);
    order.splice(to, 0, item!);
    void reorder(order, to === 0 ? t('portfolios.images.coverSet') : t('portfolios.images.moved'));
  };
  const remove = (image: PortfolioImage) =>
    act(
      () =>
        request<Portfolio>(
          'usr',
          `portfolios/${encodeURIComponent(portfolio.hash)}/images/${encodeURIComponent(image.hash)}`,
          { method: 'DELETE' },
        ),
      t('portfolios.images.deleted'),
    );

  return (
    <section className="image-manager" data-testid="image-manager" aria-labelledby="image-manager-title">
      {modalHolder}
      <Typography.Title level={3} id="image-manager-title">
        {t('portfolios.images.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {t('portfolios.images.help', {
          count: KIND.maxFiles,
          max: sizeLabel(KIND.maxBytes),
          types: ACCEPTED.image.label,
        })}
      </Typography.Paragraph>
      <Upload
        multiple
        accept={ACCEPTED.image.extensions.join(',')}
        showUploadList={false}
        disabled={percent !== null || full}
        beforeUpload={(file, batch) => {
          if (file === batch[0]) void upload(batch as unknown as File[]);
          return Upload.LIST_IGNORE;
        }}
      >
        <Button icon={<UploadOutlined />} disabled={percent !== null || full} data-testid="add-images">
          {t('portfolios.images.add')}
        </Button>
      </Upload>
      {percent !== null && (
        <Progress percent={percent} size="small" status="active" aria-label={t('portfolios.images.progress')} />
      )}
      {images.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('portfolios.images.empty')} />
      ) : (
        <Image.PreviewGroup>
          <ul className="image-manager-grid" style={GRID}>
            {images.map((image, index) => (
              <li key={image.hash} data-testid="portfolio-image" style={CELL}>
                <Image
                  src={image.url}
                  alt={t('portfolios.images.alt', { n: index + 1 })}
                  width="100%"
                  height={140}
                  style={{ objectFit: 'cover' }}
                />
                {index === 0 && (
                  <Tag color="gold" className="image-manager-cover" style={COVER}>
                    {t('portfolios.images.cover')}
                  </Tag>
                )}
                <Space size={4} wrap className="image-manager-actions" style={{ marginTop: 8 }}>
                  <Tooltip title={t('portfolios.images.makeCover')}>
                    <Button
                      size="small"
                      icon={<StarOutlined />}
                      aria-label={t('portfolios.images.makeCover')}
                      disabled={busy || index === 0}
                      onClick={() => move(index, 0)}
                    />
                  </Tooltip>
                  <Tooltip title={t('portfolios.images.left')}>
                    <Button
                      size="small"
                      icon={<ArrowLeftOutlined />}
                      aria-label={t('portfolios.images.left')}
                      disabled={busy || index === 0}
                      onClick={() => move(index, index - 1)}
                    />
                  </Tooltip>
                  <Tooltip title={t('portfolios.images.right')}>
                    <Button
                      size="small"
                      icon={<ArrowRightOutlined />}
                      aria-label={t('portfolios.images.right')}
                      disabled={busy || index === images.length - 1}
                      onClick={() => move(index, index + 1)}
                    />
                  </Tooltip>
                  <Popconfirm
                    title={t('portfolios.images.deleteConfirm')}
                    okText={t('member.delete')}
                    cancelText={t('member.cancel')}
                    okButtonProps={{ danger: true }}
                    onConfirm={() => remove(image)}
                  >
                    <Button
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('portfolios.images.delete')}
                      disabled={busy}
                    />
                  </Popconfirm>
                </Space>
              </li>
            ))}
          </ul>
        </Image.PreviewGroup>
      )}
    </section>
  );
}
