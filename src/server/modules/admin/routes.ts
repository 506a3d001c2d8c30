/** The back office (/adm, role ADMIN): one plugin per resource. */
import type { FastifyInstance } from 'fastify';
import { adminAuditRoutes } from './audit/routes';
import { adminMeRoutes } from './me';
import { adminUserRoutes } from './users/routes';
import { adminOfferRoutes } from '../offers/adminRoutes';
import { adminCompanyRoutes } from './companies/routes';
import { adminDashboardRoutes } from './dashboard/routes';
import { adminSettingsRoutes } from './settings/routes';
import { adminTaxonomyRoutes } from './taxonomies/routes';
import { adminWorkgroupRoutes } from './workgroups/routes';
import { adminArticleRoutes } from './articles/routes';
import { adminPageRoutes } from './pages/routes';
import { adminPaymentRoutes } from './payments/routes';
import { adminAdminsRoutes, adminInviteRoutes } from './admins/routes';

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
}
