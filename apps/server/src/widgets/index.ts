/** What other domains use of widgets (wave's embed-code mail). */
export { loadManagedWidget } from './load-widget.ts';
export { embedCode } from './serialize.ts';
