import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServer } from './server.ts';
import { startSmtp } from './smtp.ts';

/**
 * One real server for the run (fresh data folder, demo seed, SMTP to a loopback listener whose mails
 * land as .eml files in E2E_MAIL_DIR). Tests read the base URL from E2E_BASE_URL.
 * The returned function is the teardown: SIGTERM to the server, then close the SMTP listener.
 */
export default async function globalSetup() {
  const mailDir = mkdtempSync(path.join(os.tmpdir(), 'hh-e2e-mail-'));
  const smtp = await startSmtp(mailDir);
  const server = await startServer({ SMTP_URL: smtp.url });
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_DATABASE_URL = server.databaseUrl();
  return async () => {
    await server.stop();
    await smtp.stop();
    rmSync(mailDir, { recursive: true, force: true });
  };
}
