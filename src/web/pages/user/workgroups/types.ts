import type { WorkgroupMember, WorkgroupOwn } from '../../../../shared/schema-types';

export type GroupStatus = 'UNPUBLISHED' | 'PENDING' | 'PUBLISHED' | 'REJECTED';

/** One of my groups (schemas/workgroup.own.json); an index signature for the resource form's values. */
export type OwnGroup = WorkgroupOwn & Record<string, unknown>;

/** A member or a request to join one of my groups (schemas/workgroup.member.json). */
export type GroupMember = WorkgroupMember;
