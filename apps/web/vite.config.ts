import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

/**
 * zod starts jitless in the portal's bundle. Without it zod probes `new Function` the first time an
 * object schema is built; the CSP (scripts without 'unsafe-eval') refuses that and the browser records
 * a "Content security policy" issue on every page (Lighthouse best practices: inspector issues).
 * lib/zod-config.ts sets the same flag, but in the build the contract's schemas sit in chunks that run
 * before the entry's own modules, so the flag must be there when zod's settings object is made.
 * zod reads the settings from `globalThis.__zod_globalConfig`; the build fails if that line changes.
 */
function zodJitless(): Plugin {
  const made = '(_a.__zod_globalConfig = {})';
  return {
    name: 'hh-zod-jitless',
    apply: 'build',
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      if (!code.includes(made)) this.error(`zod's settings object is no longer made by "${made}": set jitless another way`);
      return { code: code.replace(made, '(_a.__zod_globalConfig = { jitless: true })'), map: null };
    },
  };
}

// The server serves dist/index.html (replacing <!--runtime-config-->) and dist/assets under /assets/.
export default defineConfig({
  plugins: [react(), zodJitless()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      treeshake: {
        // The contract's files only declare schemas and routes: one the portal imports but does not use
        // (a feature's index.ts re-exporting a panel another screen shows) is left out of the chunk
        // instead of being kept for its zod calls. common.ts sets zod's error messages: kept.
        // The same holds for the portal's screens and components: a feature's index.ts re-exports
        // what other features use, and a screen that imports one helper must not keep the rest.
        moduleSideEffects: [
          { test: /[\\/]packages[\\/]contract[\\/]src[\\/]common\.ts$/, sideEffects: true },
          { test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false },
          { test: /[\\/]apps[\\/]web[\\/]src[\\/](features|components|layout)[\\/].*\.tsx?$/, sideEffects: false },
        ],
      },
    },
  },
  server: {
    proxy: { '/api': api, '/media': api, '/videos': api, '/site-fonts': api, '/health': api },
  },
});
