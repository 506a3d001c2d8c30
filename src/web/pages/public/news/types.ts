/** A news item or an event as GET /api/articles answers it: the generated type of schemas/article.json. */
export type { Article } from '../../../../shared/schema-types';
