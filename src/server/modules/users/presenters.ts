/**
 * The author line shown under a member's portfolio, experience or comment. A deleted account keeps no
 * name (accountDataRepository.anonymise): it shows as `former: true` with nothing personal, and the
 * page writes the translated "Former member" (DESIGN §6).
 */
export function presentAuthor(row: { user_hash: string; user_name: string; surname1: string; photo: string | null }) {
  if (row.user_name === '' && row.surname1 === '')
    return { hash: row.user_hash, name: '', surname1: '', photo: null, former: true };
  return { hash: row.user_hash, name: row.user_name, surname1: row.surname1, photo: row.photo, former: false };
}

/**
 * An author on a group's wall or member list (issue 12 §7): a member who keeps out of the directory
 * (is_appear_by_user = 0) is "a member" — no hash, name or photo — to anyone outside the group; the group's members,
 * its administrator and the association see them.
 */
export function presentGroupAuthor(
  row: { user_hash: string; user_name: string; surname1: string; photo: string | null; is_appear_by_user: number },
  insider: boolean,
) {
  if (!insider && row.is_appear_by_user === 0 && !(row.user_name === '' && row.surname1 === ''))
    return { hash: '', name: '', surname1: '', photo: null, former: false, hidden: true };
  return presentAuthor(row);
}
