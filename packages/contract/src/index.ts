export * from './common.ts';
export * from './messages.ts';
export * from './roles.ts';
export * as clients from './clients.ts';
export * as users from './users.ts';
export * as auth from './auth.ts';
export * as home from './home.ts';
export * as waveReview from './wave-review.ts';
