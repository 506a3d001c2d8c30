import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const SIDE_EFFECT_FREE = /node_modules[\\/](rc-[^\\/]+|@rc-component[\\/][^\\/]+|@ant-design[\\/]icons)[\\/].*\.js$/;

/** Declares antd's rc-* packages side-effect free (they do not say so in their package.json). */
function sideEffectFree(): Plugin {
  return {
    name: 'alumni:side-effect-free',
    apply: 'build',
    transform(code, id) {
      if (SIDE_EFFECT_FREE.test(id)) return { code, map: null, moduleSideEffects: false };
      return undefined;
    },
  };
}

const stub = (name: string) => fileURLToPath(new URL(`./src/web/stubs/${name}.ts`, import.meta.url));

/**
 * The first public page should stay small (target: ≤ 200 KiB of gzipped JS for /en/jobs).
 * - Pages, the area layouts, the signed-in menus and the rjsf form stack are React.lazy imports
 *   (src/web/routing/pages.ts), so a visit downloads only its own page.
 * - No manual chunks: a manual group also captures its modules' dependencies (antd), which then
 *   lands on every page. Route-level lazy imports give the split we want.
 * - antd's rc-* component packages do not declare `sideEffects`, so the bundler keeps whole
 *   packages (rc-field-form with async-validator for every Select, …). They are plain component
 *   modules: we declare them side-effect free so unused exports are dropped.
 * - Refine core bundles CSV import/export (papaparse), qs (with its side-channel helpers), pluralize
 *   and its devtools' stack parser into its entry point. We use no CSV feature, no Refine-made labels
 *   and no devtools; qs is replaced by a small equivalent for the two calls Refine makes (query
 *   strings of lists): see src/web/stubs/ (about 25 KiB gzipped off every page).
 */
export default defineConfig({
  plugins: [react(), sideEffectFree()],
  publicDir: 'public',
  resolve: {
    alias: [
      { find: /^papaparse$/, replacement: stub('papaparse') },
      { find: /^qs$/, replacement: stub('qs') },
      { find: /^pluralize$/, replacement: stub('pluralize') },
      { find: /^error-stack-parser$/, replacement: stub('error-stack-parser') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/usr': 'http://localhost:3000', '/com': 'http://localhost:3000', '/adm': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
});
