/**
 * A group's wall comments through the data provider (resources `comments` on /api and `usr/comments` on /usr of
 * src/shared/routes.ts, nested under their group): the public group page is light and renders without Refine, so
 * it calls the same data providers Refine uses rather than hand-made requests.
 */
import { RESOURCES, resourcePath } from '../../shared/routes';
import { dataProviders } from '../providers/data';

function metaOf(identifier: string, group: string): Record<string, unknown> {
  const resource = RESOURCES.find((one) => one.identifier === identifier);
  if (!resource?.apiPath) throw new Error(`No nested resource ${identifier}`);
  return { apiPath: resource.apiPath, group };
}

export const wallComments = {
  /** its author corrects a post (PATCH /api/workgroups/{group}/comments/{hash}) */
  edit: (group: string, hash: string, content: string) =>
    dataProviders.default.update({
      resource: 'comments',
      id: hash,
      variables: { content },
      meta: metaOf('comments', group),
    }),
  /** its author (or a member of the group) deletes it (DELETE /api/workgroups/{group}/comments/{hash}) */
  remove: (group: string, hash: string) =>
    dataProviders.default.deleteOne({ resource: 'comments', id: hash, meta: metaOf('comments', group) }),
  /** a member reports it to the group's administrator (POST …/comments/{hash}/report) */
  report: (group: string, hash: string, reason: string) =>
    dataProviders.default.custom!({
      url: `${resourcePath('comments', metaOf('comments', group))}/${encodeURIComponent(hash)}/report`,
      method: 'post',
      payload: { reason },
    }),
  /** the group's administrator removes it, with a reason the author is told (DELETE /usr/workgroups/{group}/comments/{hash}) */
  moderate: (group: string, hash: string, reason: string) =>
    dataProviders.usr.deleteOne({
      resource: 'comments',
      id: hash,
      variables: { reason },
      meta: metaOf('usr/comments', group),
    }),
};
