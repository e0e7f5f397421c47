import type { chatbotRoutes as r } from '@hh/contract/chatbot';
import { messages } from '@hh/contract/messages';
import { sql } from 'drizzle-orm';
import type { Operation } from '../core/operation.ts';
import { recordCandidateEvent, recordConsent } from '../crm/index.ts';
import { signCandidateToken } from './candidate-token.ts';
import { chatClient } from './chat-client.ts';

export const CHATBOT_SOURCE = 'Chatbot';

/**
 * POST /api/chatbot/public/candidate: keeps the visitor as a candidate of the client, source
 * "Chatbot", with the consent they gave in the chat (the career site's consent sentence, recorded like
 * an application's). As on the apply form, an anonymous visitor proves nothing about the email they
 * type: an existing candidate with that email is reused and never changed. The reply is a token that
 * lets this visitor book a time; it names no one.
 */
export const saveChatCandidate: Operation<typeof r.saveCandidate, 'db' | 'config'> = async (deps, input) => {
  const client = await chatClient(deps, input.nameSlug);
  const candidateId = await deps.db.transaction(async (tx) => {
    const created = await tx.execute<{ id: string }>(sql`
      INSERT INTO candidates (client_id, first_name, last_name, email, phone, source)
      VALUES (${client.id}, ${input.firstName}, ${input.lastName}, ${input.email}, ${input.phone}, ${CHATBOT_SOURCE})
      ON CONFLICT (client_id, lower(email)) DO NOTHING
      RETURNING id`);
    const id =
      created.rows[0]?.id ??
      (await tx.execute<{ id: string }>(sql`SELECT id FROM candidates WHERE client_id = ${client.id} AND lower(email) = lower(${input.email})`)).rows[0].id;
    if (created.rows[0])
      await recordCandidateEvent({ db: tx }, { clientId: client.id, candidateId: id, actor: null, type: 'created', data: { source: CHATBOT_SOURCE } });
    await recordConsent({ db: tx }, { clientId: client.id, candidateId: id, source: 'careersite', publicUrl: deps.config.publicUrl });
    return id;
  });
  return { candidateToken: signCandidateToken(deps.config, { clientId: client.id, candidateId }), message: messages.chatbot.candidateSaved(input.firstName) };
};
