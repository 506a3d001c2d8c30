/** /{lng}/admin/pages (issue 14 §2): the info pages and the association's texts, with their title in each language. */
import { useTable } from '@refinedev/antd';
import type { AdminPageItem } from '../../../../shared/schema-types';
import { Table, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../../../shared/constants';
import { localizePath } from '../../../../shared/routes';
import { useDocumentTitle } from '../../../hooks/useDocumentTitle';
import { formatDate } from '../../../lib/dates';

type PageItem = Omit<AdminPageItem, 'group' | 'titles' | 'slugs'> & {
  group: 'info' | 'association';
  titles: Partial<Record<Locale, string>>;
  slugs: Partial<Record<Locale, string>>;
};

/** Where the public reads a page: an info page at /info/{slug}, the association's texts on their own pages. */
export function publicPathOf(
  page: { key: string; group: string; slugs: Partial<Record<Locale, string>> },
  lng: Locale,
): string {
  if (page.group === 'info') return localizePath('info', lng, { slug: page.slugs[lng] ?? '' });
  return localizePath(page.key === 'benefits' ? 'alumni' : 'association', lng);
}

export default function PagesListPage() {
  const { t, i18n } = useTranslation();
  const lng = i18n.language as Locale;
  useDocumentTitle(`${t('admin.pages.title')} · Alumni`);
  const { tableProps } = useTable<PageItem>({
    resource: 'adm/pages',
    syncWithLocation: false,
    pagination: { mode: 'off' },
    sorters: { mode: 'off' },
    filters: { mode: 'off' },
  });
  return (
    <section data-testid="admin-pages">
      <Typography.Title level={2}>{t('admin.pages.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('admin.pages.intro')}</Typography.Paragraph>
      <Table<PageItem>
        {...tableProps}
        rowKey="key"
        size="middle"
        pagination={false}
        scroll={{ x: 900 }}
        columns={[
          {
            title: t('admin.pages.page'),
            render: (_, page) => (
              <Link to={`/${lng}/admin/pages/${page.key}`} data-testid="page-title">
                {page.titles[lng] ?? page.titles.es}
              </Link>
            ),
          },
          {
            title: t('admin.pages.where'),
            width: 170,
            render: (_, page) => <Tag>{t(`admin.pages.group.${page.group}`)}</Tag>,
          },
          {
            title: t('admin.pages.onSite'),
            render: (_, page) =>
              LOCALES.map((code) => (
                <a
                  key={code}
                  href={publicPathOf(page, code)}
                  target="_blank"
                  rel="noreferrer"
                  style={{ marginRight: 12 }}
                >
                  {code.toUpperCase()}
                </a>
              )),
          },
          {
            title: t('admin.articles.updated'),
            width: 140,
            render: (_, page) => (page.updated_at ? formatDate(page.updated_at, lng) : '—'),
          },
          {
            title: '',
            width: 90,
            render: (_, page) => (
              <Link to={`/${lng}/admin/pages/${page.key}`}>
                <EditOutlined /> {t('admin.articles.edit')}
              </Link>
            ),
          },
        ]}
      />
    </section>
  );
}
