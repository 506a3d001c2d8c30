/** The areas' access decision: Refine's useCan (WithRefine provides it to hooks/useAccess.tsx). */
import { useCan } from '@refinedev/core';
import { RESOURCES } from '../../shared/routes';

/** The resource whose page a route name is (its list, create, edit or show), as useCan's `resource`. */
export function resourceOfAction(action: string): string | undefined {
  return RESOURCES.find((resource) => [resource.list, resource.create, resource.edit, resource.show].includes(action))
    ?.identifier;
}

export function useRefineDecision(action: string): boolean {
  const { data } = useCan({ resource: resourceOfAction(action), action });
  return data?.can === true;
}
