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
          if (/@rjsf|ajv|libphonenumber|ibantools/.test(id)) return 'forms';
          if (/react-dom|scheduler/.test(id)) return 'react';
          return undefined;
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/usr': 'http://localhost:3000', '/com': 'http://localhost:3000', '/adm': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
});
