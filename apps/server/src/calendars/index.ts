/** What other domains may use: free times of a group of people (scheduling builds on it). */
export { type FreeSlotsInput, freeSlots, type Slot } from './free-slots.ts';
