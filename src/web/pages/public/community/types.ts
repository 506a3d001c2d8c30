/** A member of the directory: the generated type of schemas/user.public.json (`npm run types`). */
export type { UserPublic as Member } from '../../../../shared/schema-types';
