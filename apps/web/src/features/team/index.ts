/** What other features use from team: single sign-on on the login screen and in a client's settings. */
export { SsoSettings } from './SsoSettings.tsx';
export { SsoSignIn } from './SsoSignIn.tsx';
