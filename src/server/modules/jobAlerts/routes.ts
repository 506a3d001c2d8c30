/** The member's job alerts (issue 11 §8): GET and PATCH /usr/job-alerts/me (also /usr/job-alerts). */
import type { FastifyInstance } from 'fastify';
import type { UserJobAlerts } from '../../../shared/schema-types';
import * as service from './service';
import { serviceContext } from '../../serviceContext';

export async function jobAlertRoutes(app: FastifyInstance) {
  for (const url of ['/usr/job-alerts', '/usr/job-alerts/me']) {
    app.get(url, {
      config: { permission: 'user.self' },
      schema: {
        tags: ['alumni'],
        summary: 'My job alerts: frequency and filters (Bold and GRATIS)',
        response: { 200: { $ref: 'user.jobAlerts#' } },
      },
      handler: (request) => service.show(serviceContext(request)),
    });
    app.patch<{ Body: UserJobAlerts }>(url, {
      config: { permission: 'user.self' },
      schema: {
        tags: ['alumni'],
        summary: 'Change my job alerts (any subset; null clears a filter)',
        body: { $ref: 'user.jobAlerts#' },
        response: { 200: { $ref: 'user.jobAlerts#' } },
      },
      handler: (request) => service.update(serviceContext(request), request.body),
    });
  }
}
