/** An article as the public reads it (picture, type, title, when and where, text, tags): its page and the back office's preview. */
import type { ReactNode } from 'react';
import { Space, Tag } from '../../../../components/light';
import { useTranslation } from 'react-i18next';
import { Markdown } from '../../../../components/Markdown';
import { SafeImage } from '../../../../components/SafeImage';
import { TAG_COLORS } from '../../../../theme';
import { ArticleMeta } from './ArticleMeta';
import type { Article } from '../types';

export function ArticleBody({
  article,
  actions,
}: {
  article: Pick<Article, 'type' | 'title' | 'summary' | 'body' | 'image' | 'date' | 'hour' | 'location' | 'tags'>;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <SafeImage src={article.image ?? undefined} alt="" className="article-hero" />
      <Tag color={TAG_COLORS[article.type]}>{t(`news.type.${article.type}`)}</Tag>
      <h1>{article.title}</h1>
      <ArticleMeta article={article} dateStyle="full" />
      {actions}
      <Markdown source={article.body ?? article.summary} className="markdown article-body" />
      <Space wrap>
        {article.tags.map((tag) => (
          <Tag key={tag.hash}>{tag.title}</Tag>
        ))}
      </Space>
    </>
  );
}
