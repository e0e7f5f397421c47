import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const api = process.env.VITE_API_PROXY ?? 'http://localhost:3000';

/**
 * zod starts jitless in the portal's bundle. Without it zod probes `new Function` the first time an
 * object schema is built; the CSP (scripts without 'unsafe-eval') refuses that and the browser records
 * a "Content security policy" issue on every page (Lighthouse best practices: inspector issues).
 * In the build the contract's schemas sit in chunks that run before the entry's own modules, so the
 * flag must be there when zod's settings object is made: zod reads the settings from
 * `globalThis.__zod_globalConfig`; the build fails if that line changes. The entry imports no zod
 * at all (the login page loads none); `vite dev` serves zod pre-bundled, out of this transform's
 * reach, and gets lib/zod-config.ts (zod's `config`) imported first by main.tsx instead.
 */
function zodJitless(): Plugin {
  const made = '(_a.__zod_globalConfig = {})';
  let serve = false;
  return {
    name: 'hh-zod-jitless',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    transform(code, id) {
      if (serve) {
        if (!/[\\/]apps[\\/]web[\\/]src[\\/]main\.tsx$/.test(id)) return null;
        return { code: `import './lib/zod-config.ts';\n${code}`, map: null };
      }
      if (!/[\\/]node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$/.test(id)) return null;
      if (!code.includes(made)) this.error(`zod's settings object is no longer made by "${made}": set jitless another way`);
      return { code: code.replace(made, '(_a.__zod_globalConfig = { jitless: true })'), map: null };
    },
  };
}

/**
 * Mantine's CSS goes with the components that use it: each Mantine component module imports its
 * classes from an `X.module.mjs` file, and this adds that component's own style sheet to it
 * (`@mantine/core/styles/X.layer.css`; the notifications, progress bar, dropzone and charts packages
 * have one sheet each). A chunk that draws a component then carries its CSS, and the login page no
 * longer loads every component's styles (`styles.css` whole is 36 KB gzipped). main.tsx imports the
 * base sheets (baseline, CSS variables, global) first.
 * The sheets are the `@layer mantine` ones: a component's sheet may now arrive after the portal's
 * own styles.css (with a later screen's chunk), and a layered rule never overrides an unlayered one
 * whatever the order, as before when Mantine's sheets came first. Inside the layer a component's
 * sheet still follows those of the components it is built on (its module imports theirs first).
 */
function mantineCssPerComponent(): Plugin {
  const core = /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;
  const single = /[\\/]node_modules[\\/]@mantine[\\/](notifications|nprogress|dropzone|charts)[\\/]esm[\\/].*\.module\.mjs$/;
  let serve = false;
  return {
    name: 'hh-mantine-css-per-component',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    transform(code, id) {
      // `vite dev` serves Mantine pre-bundled, out of this transform's reach: the whole sheets then.
      if (serve && /[\\/]apps[\\/]web[\\/]src[\\/]main\.tsx$/.test(id)) {
        const sheets = ['core', 'notifications', 'nprogress', 'dropzone', 'charts'].map((p) => `import '@mantine/${p}/styles.layer.css';`);
        return { code: `${sheets.join('\n')}\n${code}`, map: null };
      }
      const c = core.exec(id);
      if (c) return { code: `import '@mantine/core/styles/${c[1]}.layer.css';\n${code}`, map: null };
      const s = single.exec(id);
      if (s) return { code: `import '@mantine/${s[1]}/styles.layer.css';\n${code}`, map: null };
      return null;
    },
  };
}

// The server serves dist/index.html (replacing <!--runtime-config-->) and dist/assets under /assets/.
export default defineConfig({
  plugins: [react(), zodJitless(), mantineCssPerComponent()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Mantine's core and the components of the sign-in screens (which the shell and most screens
        // draw too) in one chunk with one style sheet: split per component they were 30 small files on
        // /login (each with about 1 KB of response headers) that also compress worse apart.
        codeSplitting: {
          groups: [
            {
              name: 'mantine-base',
              test: /[\\/]node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/](core[\\/]|components[\\/](Button|Input|InputBase|TextInput|PasswordInput|Alert|Anchor|Stack|Divider|Paper|Center|Title|Text|Loader|Group|UnstyledButton|ActionIcon|CloseButton|Transition|Portal|VisuallyHidden)[\\/])/,
            },
          ],
        },
      },
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
