import { Title } from '@mantine/core';

/**
 * A rendered email as its recipient's mail program shows it: the subject as a heading and the HTML in
 * a sandboxed frame (no script, no same origin). `testId` names both: `<testId>-subject`, `<testId>-frame`.
 */
export function MailFrame({ subject, html, testId }: { subject: string; html: string; testId: string }) {
  return (
    <>
      <Title order={3} size="h5" data-testid={`${testId}-subject`} style={{ overflowWrap: 'anywhere' }}>
        {subject}
      </Title>
      <iframe
        title="Email preview"
        sandbox=""
        srcDoc={html}
        data-testid={`${testId}-frame`}
        style={{ width: '100%', height: 460, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: '#f6f7f9' }}
      />
    </>
  );
}
