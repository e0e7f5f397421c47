/** What other features use from conversations: the composer and the Message actions of the candidate drawer and list. */
export { MessageCandidateButton, MessageSelectionButton } from './MessageButtons.tsx';
