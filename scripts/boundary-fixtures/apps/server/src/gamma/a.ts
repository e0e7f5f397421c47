// FAILS no-cycle: a.ts and b.ts import each other.
import { b } from './b.ts';
export const a = () => b;
