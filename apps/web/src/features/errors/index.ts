/** The error and not-found screens, which other features show in place of a screen the user may not open. */
export { ErrorScreen } from './ErrorScreen.tsx';
export { default as NotFound } from './NotFound.tsx';
