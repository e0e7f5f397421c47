import { config } from 'zod';

/*
 * zod compiles object parsers with `new Function` when the page allows it. The portal's CSP
 * (script-src without 'unsafe-eval') refuses that, so every page load logged a CSP violation
 * (Lighthouse best practices: "Issues were logged in the Issues panel"). After the refusal zod
 * parses without the compiler anyway; `jitless` skips the attempt. Under `vite dev` (zod served
 * pre-bundled) vite.config.ts's zodJitless imports this first in main.tsx; the build makes zod's
 * settings jitless from the start instead, so the entry (and the login page) carries no zod.
 */
config({ jitless: true });
