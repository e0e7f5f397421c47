import { messages } from '@hh/contract/messages';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';
import type { Deps } from '../../core/deps.ts';
import { receiveEmail, SmtpRefusal, type ThreadRef, threadOfRecipient } from './receive-email.ts';

type InboundDeps = Pick<Deps, 'db' | 'storage' | 'config' | 'log'>;

export interface InboundSmtp {
  port: number;
  close: () => Promise<void>;
}

const sizeLabel = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`);
const refusal = (code: number, message: string) => Object.assign(new Error(message), { responseCode: code });

/**
 * The inbound SMTP listener (docs/conversations.md, "Replies by email"): the MX of INBOUND_DOMAIN
 * points at it. It takes mail for that domain only (no relaying), checks each `reply+<token>`
 * recipient as it is named (an unknown or altered token: 550 at RCPT), and stores each message with
 * `receiveEmail`. A problem is answered with its SMTP code and a message naming it, which the
 * sender's server turns into a bounce; the listener keeps serving.
 */
export async function startInboundSmtp(deps: InboundDeps, opts: { port: number; host: string }): Promise<InboundSmtp> {
  const domain = deps.config.INBOUND_DOMAIN.toLowerCase();
  const threads = new WeakMap<SMTPServerSession, ThreadRef | null>();
  const server = new SMTPServer({
    name: domain,
    banner: 'Humanize Hiring replies',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: deps.config.INBOUND_MAX_BYTES,
    logger: false,
    onRcptTo(address, session, cb) {
      const rcpt = address.address.toLowerCase();
      if (!rcpt.endsWith(`@${domain}`)) return cb(refusal(550, `Relaying denied: this server takes mail for ${domain} only.`));
      threadOfRecipient(deps, rcpt)
        .then((t) => {
          if (t && !threads.get(session)) threads.set(session, t);
          cb();
        })
        .catch((err) => cb(err instanceof SmtpRefusal ? refusal(err.responseCode, err.message) : refusal(451, messages.conversations.inboundFailed)));
    },
    onData(stream: SMTPServerDataStream, session, cb) {
      const chunks: Buffer[] = [];
      let kept = 0;
      stream.on('data', (c: Buffer) => {
        // Past the limit the rest is read and dropped (the sender is answered once the data ends).
        if (kept <= deps.config.INBOUND_MAX_BYTES) {
          chunks.push(c);
          kept += c.length;
        }
      });
      stream.on('error', () => cb(refusal(451, messages.conversations.inboundFailed)));
      stream.on('end', () => {
        if (stream.sizeExceeded || kept > deps.config.INBOUND_MAX_BYTES)
          return cb(refusal(552, messages.conversations.inboundTooLarge(sizeLabel(deps.config.INBOUND_MAX_BYTES))));
        const thread = threads.get(session) ?? null;
        threads.delete(session);
        receiveEmail(deps, Buffer.concat(chunks), thread)
          .then((r) => cb(null, `Stored as message ${r.messageId}`))
          .catch((err) => {
            if (err instanceof SmtpRefusal) return cb(refusal(err.responseCode, err.message));
            deps.log.error({ err }, 'inbound email failed');
            cb(refusal(451, messages.conversations.inboundFailed));
          });
      });
    },
  });
  server.on('error', (err) => deps.log.warn({ err: err.message }, 'inbound SMTP connection error'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as { port: number }).port;
  return { port, close: () => new Promise<void>((r) => server.close(() => r())) };
}
