import { channelLabels, deliveryLabels, labelOf } from '@hh/contract/labels';

/**
 * A conversation message's line on the candidate's timeline (the `conversation` event the server keeps
 * in step with the message's delivery): the channel, in or out, the subject or the start of the text,
 * and for ours its delivery state in words, a failure with the provider's reason.
 */
export function conversationTimelineLabel(data: Record<string, unknown>): string {
  const channel = labelOf(channelLabels, typeof data.channel === 'string' ? data.channel : 'email');
  const about = typeof data.subject === 'string' && data.subject ? data.subject : typeof data.preview === 'string' ? data.preview : '';
  const what = about ? `: “${about.length > 80 ? `${about.slice(0, 79)}…` : about}”` : '';
  if (data.direction === 'in') return `${channel} received${what}`;
  const status = typeof data.status === 'string' ? data.status : 'queued';
  if (status === 'failed')
    return `${channel} to the candidate failed${what}. ${typeof data.failureReason === 'string' && data.failureReason ? data.failureReason : 'The provider gave no reason.'}`;
  return `${channel} to the candidate${what} (${labelOf(deliveryLabels, status).toLowerCase()})`;
}
