/**
 * Refine's resources, generated from src/shared/routes.ts (RESOURCES over ROUTES and ADMIN_ROUTES): each entity with
 * its list/create/edit/show pages in the current language and its meta — the data provider of its API prefix, the
 * parent it lives under (a job's applicants, a group's comments and files), its label key and icon. Hooks name a
 * resource by identifier (`usr/portfolios`) and Refine picks the data provider from here.
 */
import type { ResourceProps } from '@refinedev/core';
import type { Locale } from '../../shared/constants';
import { localizedPattern, RESOURCES, routeByName, type ResourceDef } from '../../shared/routes';

const ACTIONS = ['list', 'create', 'edit', 'show'] as const;

export function refineResource(resource: ResourceDef, lng: Locale): ResourceProps {
  const routes = Object.fromEntries(
    ACTIONS.filter((action) => resource[action]).map((action) => [
      action,
      localizedPattern(routeByName(resource[action]!), lng),
    ]),
  );
  return {
    name: resource.name,
    identifier: resource.identifier,
    ...routes,
    meta: {
      dataProviderName: resource.provider,
      label: `resources.${resource.entity}`,
      icon: resource.icon,
      entity: resource.entity,
      ...(resource.parent ? { parent: resource.parent } : {}),
      ...(resource.apiPath ? { apiPath: resource.apiPath } : {}),
    },
  };
}

export function refineResources(lng: Locale): ResourceProps[] {
  return RESOURCES.map((resource) => refineResource(resource, lng));
}
