import { randomBytes } from 'node:crypto';
import type { MatrixEntry } from '../../test/matrix-types.ts';

/** POST api/resume-parser stores nothing and reads no tenant data: any signed-in user with the CRM or jobs product. */
export const matrix: MatrixEntry[] = [
  {
    method: 'POST',
    route: '/api/resume-parser',
    allowed: ['admin', 'recruiterA', 'staffA', 'recruiterB', 'staffB'],
    request: () => {
      const boundary = `m${randomBytes(6).toString('hex')}`;
      const payload = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="resume"; filename="cv.txt"\r\nContent-Type: text/plain\r\n\r\n` +
          `Ana Souza\nana.souza@example.org\n+55 11 91234-5678\n\r\n--${boundary}--\r\n`,
      );
      return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
    },
  },
];
