/**
 * The access decision of a menu item, button or guard. In the Refine areas (member, company, back office) it is
 * Refine's useCan, answered by the access control provider (providers/access.ts) from the permission list the server
 * sends. The header is on the light public pages too, where Refine is not loaded (no access control in context):
 * there, and only there, the same allows() over the same list answers (useAllowed).
 */
import { useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { AccessControlContext, useCan } from '@refinedev/core';
import { RESOURCES } from '../../shared/routes';
import { useAllowed } from './useAllowed';

/** The resource whose page a route name is (its list, create, edit or show), as useCan's `resource`. */
export function resourceOfAction(action: string): string | undefined {
  return RESOURCES.find((resource) => [resource.list, resource.create, resource.edit, resource.show].includes(action))
    ?.identifier;
}

/** May the actor do `action` (a permission or a route name)? False until the answer is there. */
export function useAccessDecision(action: string): boolean {
  const inRefine = useContext(AccessControlContext).can !== undefined;
  const { data } = useCan({ resource: resourceOfAction(action), action, queryOptions: { enabled: inRefine } });
  const light = useAllowed();
  return inRefine ? data?.can === true : light(action);
}

function Question({ action, onAnswer }: { action: string; onAnswer: (action: string, can: boolean) => void }) {
  const can = useAccessDecision(action);
  useEffect(() => onAnswer(action, can), [action, can, onAnswer]);
  return null;
}

/**
 * One decision per menu item: each action is asked by its own component (hooks cannot run in a loop), and the
 * answers come back to the menu. Render `questions` anywhere in the menu's tree; `allowed` is false until answered.
 */
export function useAccessAnswers(actions: readonly string[]): {
  allowed: (action: string) => boolean;
  questions: ReactNode;
} {
  const [answers, setAnswers] = useState<Record<string, boolean>>({});
  const onAnswer = useCallback(
    (action: string, can: boolean) =>
      setAnswers((known) => (known[action] === can ? known : { ...known, [action]: can })),
    [],
  );
  const allowed = useCallback((action: string) => answers[action] === true, [answers]);
  const questions = actions.map((action) => <Question key={action} action={action} onAnswer={onAnswer} />);
  return { allowed, questions };
}
