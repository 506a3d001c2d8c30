import { describe, expect, it } from 'vitest';
import { fileImports } from '../../scripts/import-graph';

/** Issue 24 §5: the server and the web both stand on src/shared and never import each other (docs/architecture.md). */
describe('the floors of src', () => {
  const edges = fileImports();

  it('reads the imports of the whole tree', () => {
    expect(edges.filter((e) => e.from.startsWith('src/server/')).length).toBeGreaterThan(100);
    expect(edges.filter((e) => e.from.startsWith('src/web/')).length).toBeGreaterThan(100);
  });

  it('no src/server file imports src/web', () => {
    const crossing = edges.filter((e) => e.from.startsWith('src/server/') && e.to.startsWith('src/web/'));
    expect(crossing).toEqual([]);
  });

  it('no src/web file imports src/server', () => {
    const crossing = edges.filter((e) => e.from.startsWith('src/web/') && e.to.startsWith('src/server/'));
    expect(crossing).toEqual([]);
  });

  it('src/shared imports neither floor', () => {
    const crossing = edges.filter((e) => e.from.startsWith('src/shared/') && /^src\/(server|web)\//.test(e.to));
    expect(crossing).toEqual([]);
  });
});
