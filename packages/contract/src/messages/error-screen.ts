/** Core spec §2 and §8, verbatim: `messages.errorScreen`. The portal's error screen is part of its first load. */
export const errorScreen = {
  notFound: '404 Not Found',
  generic: 'An error occurred',
  homeLink: 'Home page',
  pageNotFound: 'This page could not be found',
  fallback: 'An error occurred while showing the error page',
} as const;
