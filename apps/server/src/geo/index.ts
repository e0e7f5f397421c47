/** Geocoding from the bundled gazetteer: the one entry other domains use. */
export * from './geocode.ts';
export * from './cells.ts';
export { loadStates, type Place, stateOf, understandPlace, type UsState } from './understand-place.ts';
