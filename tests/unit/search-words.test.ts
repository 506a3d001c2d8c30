/** The word search's row test (db/search.ts startsWords, SQLite's starts_words): the rule the word index applies. */
import { describe, expect, it } from 'vitest';
import { searchWords, startsWords } from '../../src/server/db/search';

const match = (text: string) =>
  searchWords(text)
    .map((w) => `"${w}"*`)
    .join(' ');

describe('startsWords', () => {
  it('every word typed must start a word of the folded text, in any order; a piece from the middle is not a word', () => {
    const text = 'disenador/a grafico (barcelona) col·legi 3d c++';
    expect(startsWords(text, match('disen'))).toBe(1);
    expect(startsWords(text, match('Diseñ GRÁF'))).toBe(1);
    expect(startsWords(text, match('grafico disenador'))).toBe(1);
    expect(startsWords(text, match('barc'))).toBe(1);
    expect(startsWords(text, match('legi'))).toBe(1);
    expect(startsWords(text, match('3d'))).toBe(1);
    expect(startsWords(text, match('senador'))).toBe(0);
    expect(startsWords(text, match('rafico'))).toBe(0);
    expect(startsWords(text, match('disen zzz'))).toBe(0);
    expect(startsWords(text, '')).toBe(0);
    expect(startsWords(null, match('disen'))).toBe(0);
  });

  it('splits what is typed into words only: signs and operators are separators', () => {
    expect(searchWords("\"disen* OR -graf NEAR(x) 'a':*")).toEqual(['disen', 'or', 'graf', 'near', 'x', 'a']);
    expect(searchWords('* " - ()')).toEqual([]);
    expect(searchWords('Begoña NÚÑEZ')).toEqual(['begona', 'nunez']);
  });
});
