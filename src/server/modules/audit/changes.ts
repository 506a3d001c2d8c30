/** What an edit changed, for its audit row: `{ field: { before, after } }`, nested fields by their dotted path. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
  prefix = '',
): Record<string, { before: unknown; after: unknown }> {
  const out: Record<string, { before: unknown; after: unknown }> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [a, b] = [before[key], after[key]];
    if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b))
      Object.assign(out, changedFields(a as Record<string, unknown>, b as Record<string, unknown>, `${prefix}${key}.`));
    else if (JSON.stringify(a ?? null) !== JSON.stringify(b ?? null))
      out[`${prefix}${key}`] = { before: a ?? null, after: b ?? null };
  }
  return out;
}
