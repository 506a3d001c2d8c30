import type { WorkgroupTypology } from '../../../../shared/codes';

/** A post's, a project's or a group's author: the generated type of schemas/author.json (`npm run types`). */
export type { Author } from '../../../../shared/schema-types';
import type { Author } from '../../../../shared/schema-types';

/** How an author is named: a former member and a member outside the directory keep their names to themselves. */
export const authorName = (author: Author, t: (key: string) => string) =>
  author.former
    ? t('user.formerMember')
    : author.hidden
      ? t('workgroups.aMember')
      : `${author.name} ${author.surname1}`;

export interface Workgroup {
  hash: string;
  slug: string;
  name: string;
  /** a code (src/shared/codes.ts WORKGROUP_TYPOLOGIES), shown as workgroups.typology.<CODE> */
  typology: WorkgroupTypology | null;
  type: 'PUBLIC' | 'PRIVATE';
  image: string | null;
  description: string;
  admin: Author;
  members: number;
  followers: number;
  membership: string | null;
  is_admin: boolean;
  can_view: boolean;
}

export interface WallComment {
  hash: string;
  content: string;
  created_at: string;
  likes: number;
  liked: boolean;
  file: { hash: string; name: string; url: string } | null;
  user: Author;
  replies: WallComment[];
  edited_at?: string | null;
  /** for its author only: until when they may still edit it */
  editable_until?: string | null;
  /** whether I reported it */
  reported?: boolean;
  /** for the group's administrator only: the reasons members gave */
  reports?: { reason: string; created_at: string }[];
}
