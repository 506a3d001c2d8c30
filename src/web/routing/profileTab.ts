/** A link to one tab of the member's profile: every "Upgrade" leads to `membership`, "Add your CV" to `files`. */
export type ProfileTab = 'files' | 'membership';

export function profileTab(to: (name: string) => string, tab: ProfileTab): string {
  return `${to('user.profile')}?tab=${tab}`;
}
