/**
 * /{lng}/admin/articles (issue 14 §1): news and events in every status — Refine useTable over `adm` resource `articles`
 * with text, type, status and date filters and sortable columns; each row shows the languages written (a missing one
 * falls back to Spanish), and events their registrations.
 */
import { useTable } from '@refinedev/antd';
import { Button, DatePicker, Input, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import { EditOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ARTICLE_STATUSES, ARTICLE_TYPES, LOCALES, type Locale } from '../../../../shared/constants';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { formatDate } from '../../../lib/dates';
import { ArticleStatusTag } from './components/ArticleStatusTag';
import type { AdminArticleItem } from './types';

export default function ArticleListPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  const base = `/${lng}/admin/articles`;
  useDocumentTitle(`${t('admin.articles.title')} · Alumni`);
  const { tableProps, filters, setFilters } = useTable<AdminArticleItem>({
    resource: 'adm/articles',
    syncWithLocation: false,
    pagination: { pageSize: 20 },
    sorters: { initial: [{ field: 'date', order: 'desc' }], mode: 'server' },
    filters: { mode: 'server' },
  });
  const value = (field: string) => filters.find((f) => 'field' in f && f.field === field)?.value as string | undefined;
  const setFilter = (field: string, next: string | undefined) =>
    setFilters([{ field, operator: 'eq', value: next || undefined }], 'merge');
  const from = value('from');
  const to = value('to');
  return (
    <section data-testid="admin-articles">
      <Space wrap style={{ width: '100%', justifyContent: 'space-between', marginBottom: 16 }}>
        <Typography.Title level={2} style={{ margin: 0 }}>
          {t('admin.articles.title')}
        </Typography.Title>
        <Link to={`${base}/new`}>
          <Button type="primary" icon={<PlusOutlined />} data-testid="article-new">
            {t('admin.articles.new')}
          </Button>
        </Link>
      </Space>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('admin.articles.search')}
          style={{ width: 280 }}
          onSearch={(text) => setFilter('text', text.trim())}
          aria-label={t('admin.articles.search')}
        />
        <Select
          aria-label={t('admin.articles.form.type')}
          style={{ width: 150 }}
          value={value('type') ?? ''}
          onChange={(next) => setFilter('type', next)}
          options={[
            { value: '', label: t('admin.articles.allTypes') },
            ...ARTICLE_TYPES.map((type) => ({ value: type, label: t(`news.type.${type}`) })),
          ]}
        />
        <Select
          aria-label={t('admin.articles.form.status')}
          style={{ width: 170 }}
          value={value('status') ?? ''}
          onChange={(next) => setFilter('status', next)}
          options={[
            { value: '', label: t('admin.articles.allStatuses') },
            ...ARTICLE_STATUSES.map((status) => ({ value: status, label: t(`admin.articles.status.${status}`) })),
          ]}
        />
        <DatePicker.RangePicker
          aria-label={t('admin.articles.dates')}
          format="DD/MM/YYYY"
          value={from && to ? [dayjs(from), dayjs(to)] : null}
          onChange={(range) =>
            setFilters(
              [
                { field: 'from', operator: 'eq', value: range?.[0]?.format('YYYY-MM-DD') },
                { field: 'to', operator: 'eq', value: range?.[1]?.format('YYYY-MM-DD') },
              ],
              'merge',
            )
          }
        />
      </Space>
      <Table<AdminArticleItem>
        {...tableProps}
        rowKey="hash"
        size="middle"
        scroll={{ x: 980 }}
        columns={[
          {
            title: '',
            width: 84,
            render: (_, row) =>
              row.image ? (
                <img src={row.image} alt="" className="admin-cover-thumb" />
              ) : (
                <div className="admin-cover-thumb empty" />
              ),
          },
          {
            title: t('admin.articles.form.title'),
            dataIndex: 'title',
            sorter: true,
            render: (_, row) => (
              <>
                <Link to={`${base}/${row.hash}/edit`} data-testid="article-title">
                  {row.title}
                </Link>
                <div>
                  {LOCALES.map((code) => (
                    <Tooltip
                      key={code}
                      title={
                        row.languages.includes(code)
                          ? t('admin.articles.written', { language: t(`lang.${code}`) })
                          : t('admin.articles.missing', { language: t(`lang.${code}`) })
                      }
                    >
                      <Tag
                        color={row.languages.includes(code) ? 'blue' : undefined}
                        className={row.languages.includes(code) ? '' : 'tag-missing'}
                        data-language={code}
                      >
                        {code.toUpperCase()}
                      </Tag>
                    </Tooltip>
                  ))}
                </div>
              </>
            ),
          },
          { title: t('admin.articles.form.type'), width: 110, render: (_, row) => t(`news.type.${row.type}`) },
          {
            title: t('admin.articles.form.status'),
            width: 150,
            render: (_, row) => <ArticleStatusTag status={row.status} publishAt={row.publish_at} />,
          },
          {
            title: t('fields.date'),
            dataIndex: 'date',
            width: 130,
            sorter: true,
            defaultSortOrder: 'descend',
            render: (_, row) => formatDate(row.date, lng),
          },
          {
            title: t('admin.articles.registered'),
            width: 130,
            render: (_, row) =>
              row.type === 'EVENT' ? (
                <Link to={`${base}/${row.hash}/attendees`} data-testid="article-attendees">
                  <TeamOutlined /> {t('admin.articles.people', { count: row.registered })}
                </Link>
              ) : (
                '—'
              ),
          },
          {
            title: t('admin.articles.updated'),
            dataIndex: 'updated_at',
            width: 130,
            sorter: true,
            render: (_, row) => formatDate(row.updated_at, lng),
          },
          {
            title: '',
            width: 90,
            render: (_, row) => (
              <Link to={`${base}/${row.hash}/edit`}>
                <EditOutlined /> {t('admin.articles.edit')}
              </Link>
            ),
          },
        ]}
      />
    </section>
  );
}
