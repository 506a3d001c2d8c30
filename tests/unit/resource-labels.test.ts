/** Every resource of src/shared/routes.ts carries a label key (`resources.<entity>`) that es, en and ca translate. */
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/shared/constants';
import { RESOURCES } from '../../src/shared/routes';
import { refineResources } from '../../src/web/routing/resources';
import { webTexts } from '../helpers/webTexts';

const common = (lng: string) => webTexts(lng);

describe('resource labels', () => {
  const labels = [...new Set(refineResources('es').map((resource) => String(resource.meta?.label)))];

  it('gives every resource a label key named after its entity', () => {
    expect(labels.length).toBeGreaterThan(10);
    expect(labels.sort()).toEqual([...new Set(RESOURCES.map((r) => `resources.${r.entity}`))].sort());
  });

  it.each(LOCALES)('%s translates every resource label', (lng) => {
    const texts = common(lng);
    const missing = labels.filter((key) => !texts[key]?.trim() || texts[key] === key);
    expect(missing).toEqual([]);
  });
});
