/** /{lng}/admin/articles/{hash}/attendees (issue 14 §1): who registered for an event, first come first listed, and the CSV. */
import { useTable } from '@refinedev/antd';
import type { AdminArticleAttendee } from '../../../../shared/schema-types';
import { useOne } from '@refinedev/core';
import { Button, Space, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../shared/constants';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { formatDate } from '../../../lib/dates';
import { downloadCsv } from '../../../lib/downloadCsv';
import { useFeedback } from '../../../providers/notifications';
import type { AdminArticle } from './types';

type Attendee = AdminArticleAttendee;

export default function AttendeesPage() {
  const { hash = '' } = useParams();
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  const feedback = useFeedback();
  const { result: article } = useOne<AdminArticle>({ resource: 'adm/articles', id: hash });
  const title = article?.texts.es?.title ?? '';
  useDocumentTitle(`${t('admin.articles.attendees')} · Alumni`);
  const { tableProps } = useTable<Attendee>({
    resource: 'adm/attendees',
    meta: { article: hash },
    syncWithLocation: false,
    pagination: { pageSize: 10 },
    sorters: { mode: 'off' },
    filters: { mode: 'off' },
  });
  const exportCsv = () =>
    downloadCsv(
      'adm',
      `articles/${hash}/attendees/export`,
      `${article?.texts.es?.slug ?? hash}-${t('admin.articles.attendeesFile')}.csv`,
    ).catch((error: { message?: string }) => feedback.error(error.message ?? t('errors.unexpected.title')));
  return (
    <section data-testid="admin-attendees">
      <Link to={`/${lng}/admin/articles/${hash}/edit`}>← {title || t('admin.articles.title')}</Link>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', margin: '8px 0 16px' }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('admin.articles.attendees')}
        </Typography.Title>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => void exportCsv()}
          disabled={!tableProps.pagination || !(tableProps.pagination as { total?: number }).total}
          data-testid="attendees-export"
        >
          {t('admin.articles.exportCsv')}
        </Button>
      </Space>
      {article?.capacity ? (
        <Typography.Paragraph type="secondary">
          {t('admin.articles.capacityOf', { count: article.registered, capacity: article.capacity })}
        </Typography.Paragraph>
      ) : null}
      <Table<Attendee>
        {...tableProps}
        rowKey="hash"
        size="middle"
        locale={{ emptyText: t('admin.articles.noAttendees') }}
        columns={[
          { title: t('admin.articles.number'), width: 110, render: (_, row) => row.number ?? '—' },
          {
            title: t('admin.articles.person'),
            render: (_, row) =>
              row.former ? (
                <Typography.Text type="secondary">{t('user.formerMember')}</Typography.Text>
              ) : (
                `${row.name} ${row.surnames}`
              ),
          },
          {
            title: t('fields.email'),
            render: (_, row) => (row.email ? <a href={`mailto:${row.email}`}>{row.email}</a> : '—'),
          },
          { title: t('admin.articles.membership'), width: 140, render: (_, row) => t(`role.${row.role}`) },
          {
            title: t('admin.articles.registeredAt'),
            width: 170,
            render: (_, row) => formatDate(row.registered_at, lng, 'dateTime'),
          },
        ]}
      />
    </section>
  );
}
