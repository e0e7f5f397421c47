import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

// The server serves dist/index.html (replacing <!--runtime-config-->) and dist/assets under /assets/.
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', assetsDir: 'assets', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: {
    proxy: { '/api': api, '/media': api, '/videos': api, '/site-fonts': api, '/health': api },
  },
});
