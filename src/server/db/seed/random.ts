/** A seeded PRNG (mulberry32) so every demo seed yields the same data. */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const chance = (p: number) => next() < p;
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const copy = [...items];
    const out: T[] = [];
    while (out.length < count && copy.length) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]!);
    return out;
  };
  /** A hash in the same alphabet as lib/ids.newHash, but reproducible. */
  const hash = (length = 16) =>
    Array.from({ length }, () => '0123456789abcdefghijklmnopqrstuvwxyz'[Math.floor(next() * 36)]).join('');
  return { next, int, pick, chance, sample, hash };
}
export type Random = ReturnType<typeof createRandom>;
