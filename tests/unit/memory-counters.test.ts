/** The general limits' counters on SQLite (modules/auth/counters.ts `MemoryCounters`): fixed windows, per key. */
import { describe, expect, it } from 'vitest';
import { MemoryCounters } from '../../src/server/modules/auth/counters';

describe('MemoryCounters', () => {
  it('counts within a window, starts again when it has passed, keeps keys apart', () => {
    const counters = new MemoryCounters();
    expect(counters.hit('a', 60_000, 1000)).toEqual({ count: 1, resetAt: 61_000 });
    expect(counters.hit('a', 60_000, 30_000)).toEqual({ count: 2, resetAt: 61_000 });
    expect(counters.hit('b', 60_000, 30_000)).toEqual({ count: 1, resetAt: 90_000 });
    expect(counters.hit('a', 60_000, 61_000)).toEqual({ count: 1, resetAt: 121_000 });
  });

  it('prunes spent windows only; one store per database', () => {
    const counters = new MemoryCounters();
    counters.hit('old', 1000, 0);
    counters.hit('live', 60_000, 0);
    counters.prune(5000);
    expect(counters.size).toBe(1);
    expect(counters.hit('live', 60_000, 5000).count).toBe(2);
    expect(MemoryCounters.forDatabase('sqlite:/x.db')).toBe(MemoryCounters.forDatabase('sqlite:/x.db'));
    expect(MemoryCounters.forDatabase('sqlite:/y.db')).not.toBe(MemoryCounters.forDatabase('sqlite:/x.db'));
  });
});
