/**
 * Issue 25 §9: the back office's member list showed "Novella , Laia" for a member without a second surname. A person's
 * name is written with no stray space or comma whichever surnames they have.
 */
import { describe, expect, it } from 'vitest';
import { fullName, sortName } from '../../src/web/lib/names';

describe('a person’s name', () => {
  it('sorted by surname: no space before the comma without a second surname', () => {
    expect(sortName({ name: 'Laia', surname1: 'Novella', surname2: null })).toBe('Novella, Laia');
    expect(sortName({ name: 'Laia', surname1: 'Novella', surname2: '' })).toBe('Novella, Laia');
    expect(sortName({ name: 'Laia', surname1: 'Novella', surname2: 'Puig' })).toBe('Novella Puig, Laia');
    expect(sortName({ name: ' Laia ', surname1: ' Novella ', surname2: '  ' })).toBe('Novella, Laia');
  });

  it('in full: no trailing space without a second surname', () => {
    expect(fullName({ name: 'Laia', surname1: 'Novella', surname2: null })).toBe('Laia Novella');
    expect(fullName({ name: 'Laia', surname1: 'Novella', surname2: 'Puig' })).toBe('Laia Novella Puig');
    expect(fullName({ name: 'Laia', surname1: 'Novella' })).toBe('Laia Novella');
  });
});
