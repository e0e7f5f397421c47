import { emailTemplateRoutes, LIBRARY_SAMPLE_RECIPIENT } from '@hh/contract/email-templates';
import { Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ErrorState, LoadingRows, Section } from '../../components/Page.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { useApiQuery } from '../../lib/query.ts';
import { MailFrame } from './MailFrame.tsx';

/** The picker's value for the sample recipient (a candidate is its id). */
export const SAMPLE = 'sample';
const sampleLabel = `Sample: ${LIBRARY_SAMPLE_RECIPIENT.firstName} ${LIBRARY_SAMPLE_RECIPIENT.lastName}, ${LIBRARY_SAMPLE_RECIPIENT.jobTitle}`;

/** The candidate a preview or a test is filled for, as the calls take it: an id, or nothing for the sample. */
export const candidateOf = (recipient: string | null) => (recipient && recipient !== SAMPLE ? recipient : undefined);

/**
 * Who the preview is for: a real candidate of the client (the newest by default, any other found by
 * name or address), or the sample recipient when the client has none or the user may not read
 * candidates. `value` null means not chosen yet: the default is set once the list is read.
 */
function RecipientPicker({ clientId, value, onChange }: { clientId: string; value: string | null; onChange: (v: string) => void }) {
  const [search, setSearch] = useState('');
  const labels = useRef(new Map<string, string>());
  const selectedLabel = value ? labels.current.get(value) : undefined;
  // The box shows the chosen one's label: that is not a search.
  const [term] = useDebouncedValue(search === selectedLabel ? '' : search.trim(), 300);
  const list = useApiQuery(emailTemplateRoutes.libraryRecipients, { query: { clientId, search: term || undefined } }, { silent: true });
  const results = list.data?.results;
  const denied = !!list.error;
  useEffect(() => {
    if (value !== null) return;
    if (results && !term) onChange(results[0]?._id ?? SAMPLE);
    else if (denied) onChange(SAMPLE);
  }, [value, results, term, denied, onChange]);
  const options = useMemo(() => {
    const found = (results ?? []).map((c) => ({
      value: c._id,
      label: `${c.name}${c.jobTitle ? `, ${c.jobTitle}` : ''} (${c.email})`,
    }));
    for (const o of found) labels.current.set(o.value, o.label);
    const kept = value && value !== SAMPLE && !found.some((o) => o.value === value) && selectedLabel ? [{ value, label: selectedLabel }] : [];
    return [...kept, ...found, { value: SAMPLE, label: sampleLabel }];
  }, [results, value, selectedLabel]);
  if (denied)
    return (
      <Text size="sm" c="gray.7" data-testid="library-recipient-sample">
        {list.error instanceof ApiError && list.error.status === 403
          ? "Filled in for a sample candidate: your role does not show the company's candidates."
          : 'Filled in for a sample candidate: the company’s candidates could not be read just now.'}
      </Text>
    );
  return (
    <Select
      label="Preview for"
      description="One of your candidates (the newest first; type a name to find another), or the sample"
      searchable
      data={options}
      value={value}
      onChange={(v) => v && onChange(v)}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={list.isFetching ? 'Looking…' : 'No candidate by that name or address'}
      filter={({ options: o }) => o}
      allowDeselect={false}
      disabled={value === null}
      data-testid="library-recipient"
    />
  );
}

/**
 * A library template's draft as a recipient gets it (the client's branded layout, the merge fields
 * filled for the chosen candidate and their latest job, or the sample, the signed-in user as the
 * recruiter), read again 400 ms after the last change. A refusal (an unknown merge field) shows the
 * server's words.
 */
export function LibraryPreview({
  clientId,
  name,
  subject,
  body,
  enabled,
  recipient,
  onRecipient,
}: {
  clientId: string;
  name: string;
  subject: string;
  body: string;
  enabled: boolean;
  /** The chosen candidate's id, SAMPLE, or null until the default is known. */
  recipient: string | null;
  onRecipient: (v: string) => void;
}) {
  const [draft] = useDebouncedValue({ name, subject, body }, 400);
  const candidateId = candidateOf(recipient);
  const preview = useQuery({
    queryKey: [emailTemplateRoutes.libraryPreview.path, clientId, draft, candidateId],
    queryFn: () =>
      api(
        emailTemplateRoutes.libraryPreview,
        {
          body: { clientId, name: draft.name.trim() || undefined, subject: draft.subject.trim() || undefined, emailValue: draft.body, candidateId },
        },
        { silent: true },
      ),
    enabled: enabled && !!draft.body && recipient !== null,
    placeholderData: (prev) => prev,
  });
  const sample = preview.data?.sample;
  return (
    <Section title="Preview">
      <Stack gap="xs" data-testid="library-preview">
        <RecipientPicker clientId={clientId} value={recipient} onChange={onRecipient} />
        {!enabled ? (
          <Text size="sm" c="gray.7">
            Write the body to see the email as a candidate gets it.
          </Text>
        ) : preview.error ? (
          <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />
        ) : !preview.data || !sample ? (
          <LoadingRows rows={3} />
        ) : (
          <>
            <Text size="sm" c="gray.7" data-testid="library-sample">
              {sample.candidateId
                ? `As ${sample.candidateName}${sample.jobTitle ? `, a candidate for ${sample.jobTitle},` : ' (no application yet, so the job title is empty)'} gets it from ${sample.recruiterName || 'you'}.`
                : `As ${sample.candidateName}, a sample candidate for ${sample.jobTitle}, gets it from ${sample.recruiterName || 'you'}.`}
            </Text>
            <MailFrame subject={preview.data.subject} html={preview.data.html} testId="library-preview" />
          </>
        )}
      </Stack>
    </Section>
  );
}
