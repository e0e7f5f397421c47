// FAILS only-the-demo-seeder-imports-the-seed-registry.
export { demoSeeders } from '../seed/registry.ts';
