/**
 * /{lng}/admin/articles/new and /{lng}/admin/articles/{hash}/edit (issue 14 §1): one Refine form (useForm over `adm`
 * resource `articles`) around the schema form; an existing article also gets its cover, its public addresses and a way
 * to delete it. A new article opens its edit page once saved, where the cover is added.
 */
import { useDelete } from '@refinedev/core';
import { Alert, Button, Card, Col, Popconfirm, Row, Space, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useResourceForm } from '../../../forms/useResourceForm';
import { LOCALES, type Locale } from '../../../../shared/constants';
import { localizePath } from '../../../../shared/routes';
import { Spinner } from '../../../components/Spinner';
import { UploadField } from '../../../forms/widgets/UploadField';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { ArticleForm, toValues } from './components/ArticleForm';
import { ArticleStatusTag } from './components/ArticleStatusTag';
import type { AdminArticle, ArticleValues } from './types';

export default function ArticleFormPage() {
  const { hash } = useParams();
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  const navigate = useNavigate();
  const base = `/${lng}/admin/articles`;
  useDocumentTitle(`${hash ? t('admin.articles.editTitle') : t('admin.articles.new')} · Alumni`);
  const form = useResourceForm<AdminArticle, ArticleValues>({
    resource: 'adm/articles',
    id: hash,
    savedMessage: hash ? t('admin.articles.saved') : t('admin.articles.created'),
    rename: (field) => field,
    onSaved: (article) => {
      if (!hash) navigate(`${base}/${article.hash}/edit`);
    },
  });
  const { mutate: remove, mutation: removal } = useDelete();
  const article = form.record;
  if (hash && !article)
    return form.failed ? <Alert type="error" showIcon message={t('errors.notFound.title')} /> : <Spinner />;
  const serverErrors = form.serverErrors;
  return (
    <section data-testid={hash ? 'article-edit' : 'article-create'}>
      <Link to={base}>← {t('admin.articles.title')}</Link>
      <Space align="center" wrap style={{ width: '100%', justifyContent: 'space-between', margin: '8px 0 16px' }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {hash ? (article?.texts.es?.title ?? t('admin.articles.editTitle')) : t('admin.articles.new')}
        </Typography.Title>
        {article ? <ArticleStatusTag status={article.status} publishAt={article.publish_at} /> : null}
      </Space>
      <Row gutter={[24, 24]}>
        <Col xs={24} xxl={article ? 18 : 24}>
          <Card>
            <ArticleForm
              key={article ? `${article.hash}:${article.status}` : 'new'}
              initial={toValues(article)}
              image={article?.image}
              submitText={hash ? t('admin.articles.save') : t('admin.articles.create')}
              saving={form.saving}
              serverErrors={serverErrors}
              onSubmit={(values) => void form.save(values).catch(() => undefined)}
            />
          </Card>
        </Col>
        {article ? (
          <Col xs={24} xxl={6}>
            <Card title={t('admin.articles.cover')} style={{ marginBottom: 24 }} data-testid="article-cover">
              <UploadField
                kind="cover"
                path={`articles/${article.hash}/image`}
                value={article.image}
                onChange={() => void form.refetch()}
              />
            </Card>
            {article.status === 'PUBLISHED' ? (
              <Card title={t('admin.articles.publicPages')} style={{ marginBottom: 24 }}>
                <ul className="plain-list">
                  {LOCALES.map((code) => {
                    const slug = article.texts[code]?.slug ?? article.texts.es?.slug ?? '';
                    return (
                      <li key={code}>
                        <a
                          href={localizePath('news.show', code, { slug })}
                          target="_blank"
                          rel="noreferrer"
                          data-testid={`article-public-${code}`}
                        >
                          {t(`lang.${code}`)}
                        </a>
                        {article.texts[code] ? null : (
                          <Typography.Text type="secondary"> · {t('admin.articles.inSpanish')}</Typography.Text>
                        )}
                      </li>
                    );
                  })}
                </ul>
              </Card>
            ) : null}
            <Popconfirm
              title={
                article.registered
                  ? t('admin.articles.cannotDelete', { count: article.registered })
                  : t('admin.articles.deleteConfirm')
              }
              okText={t('admin.articles.delete')}
              okButtonProps={{ danger: true, disabled: article.registered > 0 }}
              cancelText={t('admin.cancel')}
              onConfirm={() =>
                remove(
                  {
                    resource: 'adm/articles',
                    id: article.hash,
                    successNotification: () => ({ type: 'success', message: t('admin.articles.deleted') }),
                  },
                  { onSuccess: () => navigate(base) },
                )
              }
            >
              <Button danger icon={<DeleteOutlined />} loading={removal.isPending} data-testid="article-delete">
                {t('admin.articles.delete')}
              </Button>
            </Popconfirm>
          </Col>
        ) : null}
      </Row>
    </section>
  );
}
