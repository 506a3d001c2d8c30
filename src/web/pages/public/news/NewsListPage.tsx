import { useTranslation } from 'react-i18next';
import { ARTICLE_TYPES, FIRST_YEAR, PAGE_SIZES } from '../../../../shared/constants';
import { FilterBar } from '../../../components/lists/FilterBar';
import { ListPage } from '../../../components/lists/ListPage';
import { useListPage } from '../../../components/lists/useListPage';
import { useTagOptions } from '../../../hooks/useTagOptions';
import { ArticleCard } from './components/ArticleCard';
import type { Article } from './types';

const FIELDS = ['text', 'type', 'year', 'month', 'tags'];

export default function NewsListPage() {
  const { t } = useTranslation();
  const list = useListPage<Article>('articles', PAGE_SIZES.articles, FIELDS);
  const tags = useTagOptions('ARTICLE');
  // DESIGN §6: the year filter runs from 2015 to the current year
  const years = Array.from({ length: new Date().getFullYear() - FIRST_YEAR + 1 }, (_, i) =>
    String(new Date().getFullYear() - i),
  );
  return (
    <ListPage
      title={t('news.title')}
      subtitle={t('news.subtitle')}
      section="article"
      items={list.items}
      loading={list.loading}
      total={list.total}
      countLabel={t('news.count', { count: list.total })}
      page={list.page}
      render={(article, index) => <ArticleCard article={article} priority={index === 0} />}
      filters={
        <FilterBar
          initial={list.values}
          onChange={list.applyFilters}
          fields={[
            { name: 'text', kind: 'text', label: t('common.search'), placeholder: t('news.filters.text'), span: 6 },
            {
              name: 'type',
              kind: 'choice',
              label: t('news.filters.type'),
              options: ARTICLE_TYPES.map((type) => ({ value: type, label: t(`news.type.${type}`) })),
              span: 4,
            },
            {
              name: 'year',
              kind: 'choice',
              label: t('news.filters.year'),
              options: years.map((y) => ({ value: y, label: y })),
              span: 4,
            },
            {
              name: 'month',
              kind: 'choice',
              label: t('news.filters.month'),
              options: Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: t(`months.${i + 1}`) })),
              span: 4,
            },
            { name: 'tags', kind: 'multi', slow: true, label: t('news.filters.tags'), options: tags, span: 6 },
          ]}
        />
      }
    />
  );
}
