import type { Locale } from '../../../../shared/constants';
import type {
  AdminArticle as GeneratedAdminArticle,
  AdminArticleItem as GeneratedAdminArticleItem,
  AdminArticleWrite,
} from '../../../../shared/schema-types';

export type ArticleStatus = 'DRAFT' | 'SCHEDULED' | 'PUBLISHED';

/** One language of an article as the form edits it (schemas/admin.article.write.json). */
export type ArticleText = Partial<NonNullable<NonNullable<AdminArticleWrite['texts']>['en']>>;

/** GET /adm/articles items (schemas/admin.article.item.json). */
export type AdminArticleItem = Omit<GeneratedAdminArticleItem, 'type' | 'status' | 'languages'> & {
  type: 'NEWS' | 'EVENT';
  status: ArticleStatus;
  languages: Locale[];
};

/** GET /adm/articles/{hash} (schemas/admin.article.json). */
export type AdminArticle = Omit<GeneratedAdminArticle, 'type' | 'status' | 'texts'> & {
  type: 'NEWS' | 'EVENT';
  status: ArticleStatus;
  texts: Partial<Record<Locale, ArticleText>>;
};

/** What the form edits and sends (schemas/admin.article.write.json). */
export type ArticleValues = Omit<AdminArticleWrite, 'texts'> & { texts?: Partial<Record<Locale, ArticleText>> };
