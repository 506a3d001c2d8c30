/**
 * What PATCH /usr/users takes and GET /usr/users/me returns, derived from the app's schemas
 * (user.profile, user.settings, user.iban): a field added to schemas/user.profile.json is refused,
 * accepted, stored (in users.data) and returned with no change here. Only fields that lists filter or
 * sort on are named below, because they are columns (or user_tags rows).
 */
import type { FastifyInstance } from 'fastify';
import type { UsersTable } from '../../db/types';
import type { ProfileSchema } from '../../../shared/profile';

/** Profile and settings fields kept in their own column (indexed or used by lists). */
export const COLUMN_OF: Readonly<Record<string, keyof UsersTable>> = {
  name: 'name',
  surname1: 'surname1',
  surname2: 'surname2',
  profile_type: 'profile_type',
  graduation_year: 'graduation_year',
  category: 'category_hash',
  country_code: 'country_code',
  city: 'city',
  current_job: 'current_job',
  current_company: 'current_company',
  language: 'language',
  photo: 'photo',
  cv: 'cv_file',
};
export const FLAGS = [
  'is_appear_by_user',
  'is_appear_by_company',
  'is_newsletter',
  'is_receive_jobs',
  'notify_group_digest',
  'notify_group_replies',
  'notify_group_requests',
  'notify_group_removed',
  'accepts_messages',
  'notify_messages',
] as const;
/** Array fields held as user_tags rows (the directory filters on them), by tag group. */
export const TAG_GROUP_OF: Readonly<Record<string, string>> = {
  area: 'area',
  specialty: 'specialty',
  career_development: 'career',
};

type Property = ProfileSchema['properties'][string];
export interface Model {
  profile: ProfileSchema;
  /** Writable profile fields (readOnly ones are filled by uploads). */
  writable: string[];
  settings: string[];
  body: Record<string, unknown>;
  me: Record<string, unknown>;
}

const models = new WeakMap<FastifyInstance, Model>();

function withNull(type: unknown): unknown {
  const types = ([] as unknown[]).concat(type ?? []);
  return types.length === 0 ? undefined : [...new Set([...types, 'null'])];
}

/** The shape of a value for the response serializer (the output whitelist), nullable. */
function forOutput(property: Property): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const type = withNull(property['type']);
  if (type) out['type'] = type;
  if (property['items'] && typeof property['items'] === 'object')
    out['items'] = forOutput(property['items'] as Property);
  if (property['properties'] && typeof property['properties'] === 'object') {
    out['properties'] = Object.fromEntries(
      Object.entries(property['properties'] as Record<string, Property>).map(([k, v]) => [k, forOutput(v)]),
    );
  }
  return out;
}

export function profileModel(app: FastifyInstance): Model {
  const cached = models.get(app);
  if (cached) return cached;
  const profile = app.getSchema('user.profile') as ProfileSchema;
  const settings = Object.keys((app.getSchema('user.settings') as ProfileSchema).properties);
  const writable = Object.entries(profile.properties)
    .filter(([, p]) => p.readOnly !== true)
    .map(([name]) => name);
  const ref = (id: string, name: string) => ({ $ref: `${id}#/properties/${name}` });
  const body = {
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: {
      ...Object.fromEntries(writable.map((name) => [name, ref('user.profile', name)])),
      ...Object.fromEntries(settings.map((name) => [name, ref('user.settings', name)])),
      payment: { $ref: 'user.iban#' },
    },
  };
  const userMe = app.getSchema('user.me') as { properties: Record<string, unknown> };
  const me = {
    type: 'object',
    properties: {
      ...Object.fromEntries(Object.entries(profile.properties).map(([name, p]) => [name, forOutput(p)])),
      ...userMe.properties,
    },
  };
  const model = { profile, writable, settings, body, me };
  models.set(app, model);
  return model;
}
