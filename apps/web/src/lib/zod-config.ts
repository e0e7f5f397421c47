import { config } from 'zod';

/*
 * zod compiles object parsers with `new Function` when the page allows it. The portal's CSP
 * (script-src without 'unsafe-eval') refuses that, so every page load logged a CSP violation
 * (Lighthouse best practices: "Issues were logged in the Issues panel"). After the refusal zod
 * parses without the compiler anyway; `jitless` skips the attempt. Imported first by main.tsx, which
 * is enough for `vite dev`; in the build the contract's chunks run before the entry's modules, so
 * vite.config.ts makes zod's settings jitless from the start as well.
 */
config({ jitless: true });
