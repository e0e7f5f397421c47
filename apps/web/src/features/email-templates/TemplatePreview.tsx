import { emailTemplateRoutes } from '@hh/contract/email-templates';
import type { TemplateKind } from '@hh/contract/team';
import { Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { ErrorState, LoadingRows, Section } from '../../components/Page.tsx';
import { api } from '../../lib/api.ts';
import { MailFrame } from './MailFrame.tsx';

/** The mail as a recipient sees it (the client's branding, sample values), read again 400 ms after the last change. */
export function TemplatePreview({
  clientId,
  kind,
  subject,
  body,
  ready,
}: {
  clientId: string;
  kind: TemplateKind;
  subject: string;
  body: string;
  ready: boolean;
}) {
  const [debouncedSubject] = useDebouncedValue(subject, 400);
  const [debouncedBody] = useDebouncedValue(body, 400);
  const preview = useQuery({
    queryKey: [emailTemplateRoutes.preview.path, clientId, kind, debouncedSubject, debouncedBody],
    queryFn: () =>
      api(
        emailTemplateRoutes.preview,
        { body: { clientId: clientId ?? '', name: kind, subject: debouncedSubject || undefined, emailValue: debouncedBody || undefined } },
        { silent: true },
      ),
    enabled: !!clientId && ready,
    placeholderData: (prev) => prev,
  });
  return (
    <Section title="Preview">
      <Stack gap="xs">
        <Text size="sm" c="gray.7">
          As a recipient sees it, with sample values.
        </Text>
        {preview.error ? (
          <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />
        ) : !preview.data ? (
          <LoadingRows rows={3} />
        ) : (
          <MailFrame subject={preview.data.subject} html={preview.data.html} testId="preview" />
        )}
      </Stack>
    </Section>
  );
}
