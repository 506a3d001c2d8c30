import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The first public page should stay small: vendor code is split so pages load only what they use.
export default defineConfig({
  plugins: [react()],
  publicDir: 'public',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
    rollupOptions: {
      output: {
        manualChunks(id: string) {
          if (!id.includes('node_modules')) return undefined;
          // the form stack (rjsf, ajv, phone metadata) is needed only by pages with forms
          if (/[\\/](@rjsf|ajv|ajv-formats|ajv-i18n|libphonenumber-js|ibantools|fast-uri|json-schema-traverse|lodash|jsonpointer|markdown-to-jsx)[\\/]/.test(id)) return 'forms';
          if (/[\\/](react|react-dom|scheduler|react-router)[\\/]/.test(id)) return 'react';
          if (/[\\/](@refinedev|@tanstack|i18next|react-i18next)[\\/]/.test(id)) return 'refine';
          return undefined;
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/usr': 'http://localhost:3000', '/com': 'http://localhost:3000', '/adm': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
});
