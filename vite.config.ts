import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { formValidators } from './scripts/precompile-validators';
import { precompressedAssets } from './scripts/compress-assets';
import { pageParts } from './scripts/page-parts';

// papaparse: Refine imports it only for its CSV hooks (useImport/useExport), which no page calls;
// react-markdown and remark-gfm (CommonJS): @refinedev/antd imports them only for its MarkdownField, which no page
// uses — as they were, every useTable page downloaded ~140 KB of Markdown parser (issue 27 §3, the company's offers);
// dayjs and its plugins: @refinedev/antd's DateField and date hooks, none used (the date pickers still bring it)
const SIDE_EFFECT_FREE = [
  /node_modules[\\/](rc-[^\\/]+|@rc-component[\\/][^\\/]+|@ant-design[\\/]icons|papaparse|react-markdown|remark-gfm)[\\/].*\.js$/,
  /node_modules[\\/]dayjs[\\/](dayjs\.min|plugin[\\/][^\\/]+)\.js$/,
];

/** Declares the packages above side-effect free (they do not say so in their package.json). */
function sideEffectFree(): Plugin {
  return {
    name: 'alumni:side-effect-free',
    apply: 'build',
    transform(code, id) {
      if (SIDE_EFFECT_FREE.some((pattern) => pattern.test(id))) return { code, map: null, moduleSideEffects: false };
      return undefined;
    },
  };
}

const LAZY_MARKDOWN = fileURLToPath(new URL('./src/web/forms/LazyMarkdown.tsx', import.meta.url));

/**
 * @rjsf/core's Markdown renderer (markdown-to-jsx, ~86 KB minified), for descriptions in Markdown that no form of ours
 * turns on, becomes a part loaded when first shown (src/web/forms/LazyMarkdown.tsx) instead of a part of every form.
 */
function lazyFormMarkdown(): Plugin {
  return {
    name: 'alumni:lazy-form-markdown',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source === 'markdown-to-jsx/react' && importer && /[\\/]@rjsf[\\/]core[\\/]/.test(importer))
        return LAZY_MARKDOWN;
      return null;
    },
  };
}

// what every page runs first (React, the router, react-query, i18next): one chunk instead of several, since
// separately gzipped small files add up to ~8 % more bytes (issue 9 §4, measured on /en). antd and its style
// engine stay out of it: the lightest public pages do not load them (components/AntdScope).
const CORE =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|i18next|react-i18next)[\\/]/;

/**
 * The first public page should stay small (target: ≤ 200 KiB of gzipped JS for /en/jobs).
 * - Pages, the area layouts, the signed-in menus and the rjsf form stack are React.lazy imports
 *   (src/web/routing/pages.ts), so a visit downloads only its own page.
 * - No manual chunks: a manual group also captures its modules' dependencies (antd), which then
 *   lands on every page. Route-level lazy imports give the split we want.
 * - antd's rc-* component packages do not declare `sideEffects`, so the bundler keeps whole
 *   packages (rc-field-form with async-validator for every Select, …). They are plain component
 *   modules: we declare them side-effect free so unused exports are dropped.
 * - Refine's own dependencies (qs, pluralize, error-stack-parser) are bundled as they are: hand-written
 *   stand-ins saved ~20 KiB but let a query string write to Object.prototype (tests/unit/web-libs).
 *   papaparse is real too, and dropped because nothing calls Refine's CSV hooks.
 */
export default defineConfig(({ isSsrBuild }) => ({
  // formValidators: the schema forms' validators, precompiled on every build (no eval in the browser);
  // precompressedAssets: a .br and a .gz beside each file of the browser build, sent as they are (plugins/spa.ts);
  // pageParts: each lazy part's files for the server to name in the page, not in the app's first script
  plugins: [react(), sideEffectFree(), lazyFormMarkdown(), formValidators(), pageParts(), precompressedAssets()],
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    // the server renderer (`vite build --ssr src/web/entry-server.tsx --outDir <dist>/server`, see
    // src/server/ssr): one self-contained module, nothing copied from public/
    // .mjs: Node loads it as ESM as it is, and test runners leave it to Node instead of transforming it
    ...(isSsrBuild
      ? {
          copyPublicDir: false,
          rollupOptions: { output: { entryFileNames: '[name].mjs', chunkFileNames: 'assets/[name]-[hash].mjs' } },
        }
      : { rollupOptions: { output: { codeSplitting: { groups: [{ name: 'core', test: CORE, priority: 10 }] } } } }),
  },
  // bundle every dependency into the server renderer: antd, its style engine and React are then the same
  // instances the pages use, and no ESM/CommonJS mismatch can occur when Node loads it
  ssr: { noExternal: true },
  // a production server render: the same class names and hashes as the browser build (antd's style hashes)
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/usr': 'http://localhost:3000',
      '/com': 'http://localhost:3000',
      '/adm': 'http://localhost:3000',
      '/uploads': 'http://localhost:3000',
    },
  },
}));
