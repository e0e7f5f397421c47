/**
 * Single sign-on texts (ours: the spec leaves them to us), part of `messages.team`. The login page's
 * "Sign in with SSO" shows some of them.
 */
export const sso = {
  ssoUnknownDomain: 'Single sign-on is not set up for this email domain. Sign in with your password or ask your administrator.',
  ssoNoAccount: 'No account or open invitation matches the address your identity provider reported. Ask your administrator for an invitation.',
  ssoFailed: 'Single sign-on failed: the identity provider’s answer could not be verified. Please try again.',
  ssoStateInvalid: 'This sign-in attempt has expired or was already used. Please start again.',
  ssoEmailUnverified: 'Your identity provider did not confirm this email address.',
  ssoDomainTaken: (domain: string) => `The email domain "${domain}" is already used by another client's single sign-on`,
  ssoIssuerHttps: 'The issuer must be an https URL',
  ssoIssuerPrivate: (issuer: string) =>
    `The issuer ${issuer} points to a loopback, private or reserved address; single sign-on only talks to providers on the public internet`,
  ssoSecretRequired: 'The client secret is required',
  ssoDomainNotClaimed: (domain: string) => `The email domain "${domain}" is not one of this client's single sign-on domains`,
  ssoDomainVerified: (domain: string) => `The email domain "${domain}" is verified: its addresses can now sign in through this client's identity provider`,
  ssoDomainNotYet: (domain: string, record: string) =>
    `No TXT record "${record}" was found on ${domain} yet. DNS changes can take a while to appear; check again later.`,
  ssoSubjectMismatch: 'This account is already linked to another identity at your identity provider. Ask your administrator.',
} as const;
