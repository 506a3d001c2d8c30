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
    // No manual chunks: a manual group also captures its modules' dependencies (antd), which then
    // lands on every page. Route-level lazy imports give the split we want.
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/usr': 'http://localhost:3000', '/com': 'http://localhost:3000', '/adm': 'http://localhost:3000', '/uploads': 'http://localhost:3000' } },
});
