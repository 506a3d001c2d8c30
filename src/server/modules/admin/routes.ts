/** The back office (/adm, role ADMIN): one plugin per resource. */
import type { FastifyInstance } from 'fastify';
import { adminAuditRoutes } from '../audit/routes';
import { adminMeRoutes } from './me';
import { adminUserRoutes } from '../users/admin/routes';
import { adminOfferRoutes } from '../offers/admin/routes';
import { adminCompanyRoutes } from '../companies/admin/routes';
import { adminDashboardRoutes } from './dashboard/routes';
import { adminSettingsRoutes } from './settings/routes';
import { adminTaxonomyRoutes } from '../taxonomies/admin/routes';
import { adminWorkgroupRoutes } from '../workgroups/admin/routes';
import { adminArticleRoutes } from '../articles/admin/routes';
import { adminPageRoutes } from '../content/admin/routes';
import { adminPaymentRoutes } from '../payments/admin/routes';
import { adminAdminsRoutes, adminInviteRoutes } from './admins/routes';
import { adminSchoolRecordRoutes } from '../schoolRecords/routes';
import { messageModerationRoutes } from '../messages/moderationRoutes';

export async function adminRoutes(app: FastifyInstance) {
  await app.register(adminMeRoutes);
  await app.register(adminDashboardRoutes);
  await app.register(adminUserRoutes);
  await app.register(adminAuditRoutes);
  await app.register(adminOfferRoutes);
  await app.register(adminCompanyRoutes);
  await app.register(adminSettingsRoutes);
  await app.register(adminTaxonomyRoutes);
  await app.register(adminWorkgroupRoutes);
  await app.register(adminArticleRoutes);
  await app.register(adminPageRoutes);
  await app.register(adminPaymentRoutes);
  await app.register(adminAdminsRoutes);
  await app.register(adminInviteRoutes);
  await app.register(adminSchoolRecordRoutes);
  await app.register(messageModerationRoutes);
}
