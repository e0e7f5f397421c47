import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';

/**
 * A DNS server on loopback for tests (UDP, node:dgram): answers TXT questions from `records`
 * (name → TXT strings), NXDOMAIN for any other name. The server's SSO_DNS_SERVERS points at it, so
 * domain proofs are checked through the real resolver of domain-proof.ts, as in production.
 */
export interface TestDns {
  /** `127.0.0.1:<port>`, for SSO_DNS_SERVERS. */
  server: string;
  records: Map<string, string[]>;
  /** Names asked, in order. */
  asked: string[];
  stop(): Promise<void>;
}

export async function startTestDns(): Promise<TestDns> {
  const socket = dgram.createSocket('udp4');
  const records = new Map<string, string[]>();
  const asked: string[] = [];
  socket.on('message', (msg, rinfo) => {
    const q = parseQuestion(msg);
    if (!q) return;
    asked.push(q.name);
    const txts = q.type === 16 ? records.get(q.name.toLowerCase()) : undefined;
    const answers = (txts ?? []).map((t) => {
      const data = Buffer.from(t, 'utf8');
      const chunks: Buffer[] = [];
      for (let i = 0; i < data.length || i === 0; i += 255) {
        const part = data.subarray(i, i + 255);
        chunks.push(Buffer.from([part.length]), part);
      }
      const rdata = Buffer.concat(chunks);
      const head = Buffer.alloc(12);
      head.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
      head.writeUInt16BE(16, 2); // TXT
      head.writeUInt16BE(1, 4); // IN
      head.writeUInt32BE(60, 6);
      head.writeUInt16BE(rdata.length, 10);
      return Buffer.concat([head, rdata]);
    });
    const header = Buffer.alloc(12);
    msg.copy(header, 0, 0, 2); // the id
    header.writeUInt16BE(0x8180 | (records.has(q.name.toLowerCase()) ? 0 : 3), 2); // response, recursion available; NXDOMAIN when unknown
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    socket.send(Buffer.concat([header, msg.subarray(12, q.end), ...answers]), rinfo.port, rinfo.address);
  });
  await new Promise<void>((r) => socket.bind(0, '127.0.0.1', () => r()));
  const { port } = socket.address() as AddressInfo;
  return { server: `127.0.0.1:${port}`, records, asked, stop: () => new Promise<void>((r) => socket.close(() => r())) };
}

function parseQuestion(msg: Buffer): { name: string; type: number; end: number } | null {
  if (msg.length < 17) return null;
  const labels: string[] = [];
  let i = 12;
  while (i < msg.length && msg[i] !== 0) {
    const len = msg[i];
    labels.push(msg.subarray(i + 1, i + 1 + len).toString('ascii'));
    i += 1 + len;
  }
  if (i + 5 > msg.length) return null;
  return { name: labels.join('.'), type: msg.readUInt16BE(i + 1), end: i + 5 };
}
