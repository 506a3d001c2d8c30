export type GroupStatus = 'UNPUBLISHED' | 'PENDING' | 'PUBLISHED' | 'REJECTED';

export interface OwnGroup extends Record<string, unknown> {
  hash: string;
  slug: string;
  name: string;
  typology: string | null;
  type: 'PUBLIC' | 'PRIVATE';
  status: GroupStatus;
  reason: string | null;
  image: string | null;
  description: string;
  members: number;
  requests: number;
  updated_at: string;
}

export interface GroupMember {
  hash: string;
  status: 'PENDING' | 'ACCEPTED';
  message: string | null;
  created_at: string;
  is_admin: boolean;
  user: { hash: string; name: string; surname1: string; photo: string | null; former: boolean };
}
