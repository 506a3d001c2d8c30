/**
 * How complete a member's profile is, read from schemas/user.profile.json alone (DESIGN §2): each
 * property's `x-profile-weight` is what filling it adds to profile_level, `x-profile-required` marks
 * SPEC §4's fields of a complete profile. The server computes it; the browser shows the result.
 */
export interface ProfileSchema {
  properties: Record<
    string,
    { 'x-profile-weight'?: number; 'x-profile-required'?: boolean; readOnly?: boolean; [key: string]: unknown }
  >;
}

export interface ProfileStatus {
  /** 0–100 */
  profile_level: number;
  profile_complete: boolean;
  /**
   * The unfilled field worth most — among the fields a complete profile still needs, when any of them
   * counts — and how many points of profile_level it adds; null when nothing is missing.
   */
  next_step: { field: string; percent: number } | null;
  /** SPEC §4 fields still missing for a complete profile, in schema order. */
  missing: string[];
}

export function isFilled(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

export function profileStatus(schema: ProfileSchema, values: Record<string, unknown>): ProfileStatus {
  const entries = Object.entries(schema.properties);
  const weighted = entries.filter(([, p]) => (p['x-profile-weight'] ?? 0) > 0);
  const total = weighted.reduce((sum, [, p]) => sum + p['x-profile-weight']!, 0);
  const earned = weighted
    .filter(([name]) => isFilled(values[name]))
    .reduce((sum, [, p]) => sum + p['x-profile-weight']!, 0);
  const missing = entries
    .filter(([name, p]) => p['x-profile-required'] === true && !isFilled(values[name]))
    .map(([name]) => name);
  const unfilled = weighted.filter(([name]) => !isFilled(values[name]));
  const needed = unfilled.filter(([name]) => missing.includes(name));
  let next: [string, number] | null = null;
  for (const [name, p] of needed.length ? needed : unfilled)
    if (!next || p['x-profile-weight']! > next[1]) next = [name, p['x-profile-weight']!];
  return {
    profile_level: total === 0 ? 100 : Math.round((100 * earned) / total),
    profile_complete: missing.length === 0,
    next_step: next && total > 0 ? { field: next[0], percent: Math.round((100 * next[1]) / total) } : null,
    missing,
  };
}

/** `ES91 **** **** **** **** 1332`: the country and check digits and the last four, in groups of four. */
export function maskIban(iban: string): string {
  const groups =
    iban
      .replace(/\s+/g, '')
      .toUpperCase()
      .match(/.{1,4}/g) ?? [];
  return groups.map((group, i) => (i === 0 || i === groups.length - 1 ? group : '*'.repeat(group.length))).join(' ');
}
