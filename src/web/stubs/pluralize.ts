/**
 * Build-time stand-in for `pluralize` (aliased in vite.config.ts). Refine uses it only to derive
 * default English labels from resource names, which this portal never shows (every label comes from
 * locales/). Simple English rules keep anything that does call it readable.
 */
const plural = (word: string) => (/(s|x|z|ch|sh)$/i.test(word) ? `${word}es` : /[^aeiou]y$/i.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`);
const singular = (word: string) => (/ies$/i.test(word) ? `${word.slice(0, -3)}y` : /(s|x|z|ch|sh)es$/i.test(word) ? word.slice(0, -2) : word.replace(/s$/i, ''));

function pluralize(word: string, count?: number, inclusive?: boolean): string {
  const text = count === 1 ? singular(word) : plural(word);
  return inclusive ? `${count ?? ''} ${text}`.trim() : text;
}
pluralize.plural = plural;
pluralize.singular = singular;

export default pluralize;
