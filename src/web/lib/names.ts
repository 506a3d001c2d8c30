/** A person's name as the portal writes it: only the parts they have, so no stray space or comma (issue 25 §9). */
export type PersonName = {
  name: string;
  surname1: string;
  surname2?: string | null;
};

const surnames = (person: PersonName) =>
  [person.surname1, person.surname2 ?? '']
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');

/** "Novella Puig, Laia": lists sorted by surname (the back office's members). */
export const sortName = (person: PersonName) => [surnames(person), person.name.trim()].filter(Boolean).join(', ');

/** "Laia Novella Puig". */
export const fullName = (person: PersonName) => [person.name.trim(), surnames(person)].filter(Boolean).join(' ');
