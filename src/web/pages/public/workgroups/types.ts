import type { WorkgroupTypology } from '../../../../shared/codes';

export interface Author {
  hash: string;
  name: string;
  surname1: string;
  photo: string | null;
  /** A member who deleted their account: no name, shown as "Former member". */
  former?: boolean;
}

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
}
