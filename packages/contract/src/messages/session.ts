/** Core spec §8, verbatim: `messages.session`. The portal's session rules read it on every page. */
export const session = {
  expired: 'Your session has expired!',
  captchaLoad: 'ReCaptcha error: Failed to load script',
  captchaExecute: 'Failed to execute',
} as const;
