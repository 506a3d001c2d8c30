/** A post's, a project's or a group's author: the generated type of schemas/author.json (`npm run types`). */
export type { Author } from '../../../../shared/schema-types';
import type { Author, Comment, Workgroup as GeneratedWorkgroup } from '../../../../shared/schema-types';

/** How an author is named: a former member and a member outside the directory keep their names to themselves. */
export const authorName = (author: Author, t: (key: string) => string) =>
  author.former
    ? t('user.formerMember')
    : author.hidden
      ? t('workgroups.aMember')
      : `${author.name} ${author.surname1}`;

/** A group as GET /api/workgroups answers it (schemas/workgroup.json). */
export type Workgroup = Omit<GeneratedWorkgroup, 'type'> & { type: 'PUBLIC' | 'PRIVATE' };

/** A post on a group's wall with its replies (schemas/comment.json). */
export type WallComment = Comment;
