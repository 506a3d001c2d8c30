/** The author line shown under a member's portfolio, experience or comment. */
export function presentAuthor(row: { user_hash: string; user_name: string; surname1: string; photo: string | null }) {
  return { hash: row.user_hash, name: row.user_name, surname1: row.surname1, photo: row.photo };
}
