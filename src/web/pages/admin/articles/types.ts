import type { Locale } from '../../../../shared/constants';

export type ArticleStatus = 'DRAFT' | 'SCHEDULED' | 'PUBLISHED';

export interface ArticleText {
  title?: string;
  summary?: string;
  body?: string;
  slug?: string;
}

/** GET /adm/articles items (schemas/admin.article.item.json). */
export interface AdminArticleItem {
  hash: string;
  type: 'NEWS' | 'EVENT';
  status: ArticleStatus;
  publish_at: string | null;
  /** yyyy-mm-dd */
  date: string;
  title: string;
  slug: string;
  languages: Locale[];
  image: string | null;
  registered: number;
  updated_at: string;
}

/** GET /adm/articles/{hash} (schemas/admin.article.json). */
export interface AdminArticle {
  hash: string;
  type: 'NEWS' | 'EVENT';
  status: ArticleStatus;
  publish_at: string | null;
  /** dd/mm/yyyy */
  date: string;
  hour: string | null;
  location: string | null;
  capacity: number | null;
  image: string | null;
  tags: string[];
  texts: Partial<Record<Locale, ArticleText>>;
  registered: number;
}

/** What the form edits and sends (schemas/admin.article.write.json). */
export interface ArticleValues {
  type?: 'NEWS' | 'EVENT';
  status?: ArticleStatus;
  publish_at?: string | null;
  date?: string;
  hour?: string | null;
  location?: string | null;
  capacity?: number | null;
  tags?: string[];
  texts?: Partial<Record<Locale, ArticleText>>;
}
