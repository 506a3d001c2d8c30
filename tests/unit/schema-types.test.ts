/**
 * The committed src/shared/schema-types.ts is what scripts/generate-types.ts makes from schemas/ today
 * (DESIGN §2: CI fails when the types are stale; `npm run types` regenerates them).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateTypes, TYPES_FILE, typeName } from '../../scripts/generate-types';

describe('types generated from the schemas', () => {
  it('are up to date with schemas/ (run `npm run types` after editing a schema)', async () => {
    const fresh = await generateTypes();
    expect(fresh).toContain('export interface UserProfile {');
    expect(readFileSync(TYPES_FILE, 'utf8') === fresh, 'src/shared/schema-types.ts is stale: run `npm run types`').toBe(
      true,
    );
  }, 60_000);

  it('name each type after its schema id', () => {
    expect(typeName('user.profile')).toBe('UserProfile');
    expect(typeName('workExperience')).toBe('WorkExperience');
    expect(typeName('articles.filter')).toBe('ArticlesFilter');
  });
});
