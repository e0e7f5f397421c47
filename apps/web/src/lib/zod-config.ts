import { config } from 'zod';

/*
 * zod compiles object parsers with `new Function` when the page allows it. The portal's CSP
 * (script-src without 'unsafe-eval') refuses that, so every page load logged a CSP violation
 * (Lighthouse best practices: "Issues were logged in the Issues panel"). After the refusal zod
 * parses without the compiler anyway; `jitless` skips the attempt. Imported first by main.tsx.
 */
config({ jitless: true });
