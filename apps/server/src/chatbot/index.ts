/** What the career pages use of the chatbot: its launcher, when the client's chatbot integration is on. */
export { type ChatWidget, chatbotWidget } from './widget.ts';
