import { messages } from '@hh/contract/messages';
import type { DbDeps } from '../core/deps.ts';
import { type ClientRow, clientBySlug } from '../public-jobs/index.ts';
import { notFound } from '../lib/app-error.ts';

/** Whether the client's chatbot integration is on (the Chatbot form of the client's integrations). */
export const chatbotOn = (client: Pick<ClientRow, 'integrations'>) => {
  const c = (client.integrations as Record<string, unknown> | null)?.chatbot;
  return !!c && typeof c === 'object' && (c as { enabled?: unknown }).enabled === true;
};

/** The active client of a career site whose chatbot is on; otherwise the chat is "not available" (404), the same for an unknown site. */
export async function chatClient(deps: DbDeps, nameSlug: string): Promise<ClientRow> {
  const client = await clientBySlug(deps, { nameSlug });
  if (!client || !chatbotOn(client)) throw notFound('chatbot', messages.chatbot.notAvailable);
  return client;
}
