import { emailTemplateRoutes } from '@hh/contract/email-templates';
import { Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { ErrorState, LoadingRows, Section } from '../../components/Page.tsx';
import { api } from '../../lib/api.ts';

/**
 * A library template's draft as a sample recipient gets it (the client's branded layout, the merge
 * fields filled for the sample candidate and job, the signed-in user as the recruiter), read again
 * 400 ms after the last change. A refusal (an unknown merge field) shows the server's words.
 */
export function LibraryPreview({
  clientId,
  name,
  subject,
  body,
  enabled,
}: {
  clientId: string;
  name: string;
  subject: string;
  body: string;
  enabled: boolean;
}) {
  const [draft] = useDebouncedValue({ name, subject, body }, 400);
  const preview = useQuery({
    queryKey: [emailTemplateRoutes.libraryPreview.path, clientId, draft],
    queryFn: () =>
      api(
        emailTemplateRoutes.libraryPreview,
        { body: { clientId, name: draft.name.trim() || undefined, subject: draft.subject.trim() || undefined, emailValue: draft.body } },
        { silent: true },
      ),
    enabled: enabled && !!draft.body,
    placeholderData: (prev) => prev,
  });
  return (
    <Section title="Preview">
      <Stack gap="xs" data-testid="library-preview">
        {!enabled ? (
          <Text size="sm" c="gray.7">
            Write the body to see the email as a candidate gets it.
          </Text>
        ) : preview.error ? (
          <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />
        ) : !preview.data ? (
          <LoadingRows rows={3} />
        ) : (
          <>
            <Text size="sm" c="gray.7" data-testid="library-sample">
              As {preview.data.sample.candidateName}, a sample candidate for {preview.data.sample.jobTitle}, gets it from{' '}
              {preview.data.sample.recruiterName || 'you'}.
            </Text>
            <Title order={3} size="h5" data-testid="library-preview-subject" style={{ overflowWrap: 'anywhere' }}>
              {preview.data.subject}
            </Title>
            <iframe
              title="Email preview"
              sandbox=""
              srcDoc={preview.data.html}
              data-testid="library-preview-frame"
              style={{ width: '100%', height: 460, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, background: '#f6f7f9' }}
            />
          </>
        )}
      </Stack>
    </Section>
  );
}
