import { lazy, Suspense } from 'react';

export type PromptKind = 'signIn' | 'upgrade' | 'membersOnly' | null;

// antd's Modal is loaded with the first prompt: most visits to a public page never open one
const MemberPromptDialog = lazy(() => import('./MemberPromptDialog'));

/** SPEC §6 prompts: a visitor is invited to sign in or join; a Regular member to upgrade to Bold; a company is told what is for members (and offered nothing to join). */
export function MemberPrompt({ kind, onClose }: { kind: PromptKind; onClose: () => void }) {
  if (!kind) return null;
  return (
    <Suspense fallback={null}>
      <MemberPromptDialog kind={kind} onClose={onClose} />
    </Suspense>
  );
}
