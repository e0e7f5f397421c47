/** What other features use from conversations: the Message actions of the candidate drawer, list and job board, and the timeline's words for a message. */
export { MessageCandidateButton, MessageSelectionButton } from './MessageButtons.tsx';
export { conversationTimelineLabel } from './timeline.ts';
