import { Alert } from '../../../components/light';
import type { Category } from '../../../../shared/schema-types';
import { usePublicList } from '../../../public/data';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../../../../shared/constants';
import { ResponsiveFilters } from '../../../components/lists/ResponsiveFilters';
import { ListPage } from '../../../components/lists/ListPage';
import { useListPage } from '../../../components/lists/useListPage';
import { useTagOptions } from '../../../hooks/useTagOptions';
import { MemberCard } from './components/MemberCard';
import type { Member } from './types';

const FIELDS = ['text', 'category', 'country_code', 'graduation_year', 'location', 'tags'];

/** A node of GET /…/categories/tree (schemas/category.json). */
type CategoryNode = Category;

export type CommunityKind = 'directory' | 'ambassadors' | 'entrepreneurs';

const PERMANENT = {
  directory: {},
  ambassadors: { ambassador: true },
  entrepreneurs: { entrepreneur: true },
};

/** The alumni directory, and the ambassadors and entrepreneurs lists that are slices of it. */
export default function DirectoryListPage({ kind = 'directory' }: { kind?: CommunityKind }) {
  const { t } = useTranslation();
  const list = useListPage<Member>('users', PAGE_SIZES.users, FIELDS, PERMANENT[kind]);
  const tags = useTagOptions('USER');
  const tree = usePublicList<CategoryNode>('categories/tree');
  const countries = usePublicList<{ hash: string; name: string }>('countries', { with_users: true });
  const categories = tree.items.flatMap((root) => [
    { value: root.hash, label: root.title },
    ...root.children.map((child) => ({ value: child.hash, label: `— ${child.title}` })),
  ]);
  const years = Array.from({ length: new Date().getFullYear() - 1990 + 1 }, (_, i) =>
    String(new Date().getFullYear() - i),
  );
  const locked = list.items[0]?.locked;
  return (
    <>
      <ListPage
        title={kind === 'directory' ? t('directory.title') : t(`pages.community.${kind}`)}
        subtitle={kind === 'directory' ? t('directory.subtitle') : t(`community.${kind}Text`)}
        section={kind === 'directory' ? 'directory' : kind.slice(0, -1)}
        items={list.items}
        loading={list.loading}
        total={list.total}
        countLabel={t('directory.count', { count: list.total })}
        page={list.page}
        notice={list.notice}
        span={{ xs: 24, md: 12, xl: 12 }}
        render={(member) => <MemberCard member={member} kind={kind} />}
        filters={
          <>
            <ResponsiveFilters
              initial={list.values}
              onChange={list.applyFilters}
              fields={[
                {
                  name: 'text',
                  kind: 'text',
                  label: t('common.search'),
                  placeholder: t('directory.filters.text'),
                  span: 8,
                },
                {
                  name: 'category',
                  kind: 'choice',
                  slow: true,
                  label: t('directory.filters.category'),
                  options: categories,
                  span: 8,
                },
                {
                  name: 'country_code',
                  kind: 'choice',
                  slow: true,
                  label: t('directory.filters.country'),
                  options: countries.items.map((c) => ({ value: c.hash, label: c.name })),
                  span: 8,
                },
                {
                  name: 'graduation_year',
                  kind: 'choice',
                  label: t('directory.filters.year'),
                  options: years.map((y) => ({ value: y, label: y })),
                  span: 8,
                },
                { name: 'location', kind: 'text', label: t('directory.filters.location'), span: 8 },
                { name: 'tags', kind: 'multi', slow: true, label: t('directory.filters.tags'), options: tags, span: 8 },
              ]}
            />
            {locked ? (
              <Alert type="info" showIcon message={t('directory.locked')} style={{ marginBottom: 16 }} />
            ) : null}
          </>
        }
      />
    </>
  );
}
