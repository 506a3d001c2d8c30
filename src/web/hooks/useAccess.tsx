/**
 * The access decision of a menu item, button or guard. In the Refine areas (member, company, back office) it is
 * Refine's useCan, answered by the access control provider (providers/access.ts) from the permission list the server
 * sends: WithRefine provides useRefineDecision (hooks/useRefineDecision.ts) below <Refine>. The header is on the light
 * public pages too, where Refine is not loaded (nor downloaded: this file does not import it): there, and only
 * there, the same allows() over the same list answers (useAllowed).
 */
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { useAllowed } from './useAllowed';

/** A hook answering one action; the same one for the life of a tree (Refine's, or the light pages'). */
export type DecisionHook = (action: string) => boolean;

function useLightDecision(action: string): boolean {
  return useAllowed()(action);
}

export const AccessDecisionContext = createContext<DecisionHook>(useLightDecision);

/** May the actor do `action` (a permission or a route name)? False until the answer is there. */
export function useAccessDecision(action: string): boolean {
  const useDecision = useContext(AccessDecisionContext);
  return useDecision(action);
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
