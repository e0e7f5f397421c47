export { setFollowUp, mmddyyyy } from './set-follow-up.ts';
export { FOLLOW_UP_QUEUE, sendFollowUp } from './send-follow-up.ts';
