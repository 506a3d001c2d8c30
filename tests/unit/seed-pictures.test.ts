/** Issue 10 §7: demo pictures are varied and carry no text (no <text>, no font rendering). */
import { describe, expect, it } from 'vitest';
import { svgAvatar, svgLogo, svgPicture } from '../../src/server/db/seed/images';

describe('seed pictures', () => {
  it('draw no text, whatever the label, and differ from one seed to the next', () => {
    const pictures = Array.from({ length: 60 }, (_, seed) => svgPicture(seed, 800, 450, 'Encuentro anual <2024>'));
    for (const svg of [
      ...pictures,
      ...Array.from({ length: 20 }, (_, s) => svgAvatar(s, 256)),
      ...Array.from({ length: 20 }, (_, s) => svgLogo(s, 256)),
    ]) {
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(svg).not.toMatch(/<text|<tspan|font-|Encuentro/);
    }
    expect(new Set(pictures).size).toBe(pictures.length);
    expect(svgPicture(7, 800, 450)).toBe(svgPicture(7, 800, 450));
  });
});
