import { messages } from '@hh/contract/messages';
import type { ParsedResume } from '@hh/contract/requisitions';
import { resumeParserRoutes } from '@hh/contract/resume-parser';
import { Alert, Anchor, Badge, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Dropzone, type FileRejection } from '@mantine/dropzone';
import { IconFileText, IconUpload, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ScrollTable } from '../../components/Page.tsx';
import { ApiError, api } from '../../lib/api.ts';

const MAX_BYTES = 10 * 1024 * 1024;
const ACCEPT = {
  'application/pdf': ['.pdf'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['.docx'],
  'application/msword': ['.doc'],
  'application/rtf': ['.rtf'],
  'text/rtf': ['.rtf'],
  'text/plain': ['.txt'],
};

/** Why a parse failed: the spec's message, then the server's (or the drop zone's) reason. */
export interface ParseFailure {
  message: string;
  reason?: string;
}

function failureOf(err: unknown): ParseFailure {
  if (err instanceof ApiError) {
    const list = err.errorMsg.resume ?? Object.values(err.errorMsg).flat();
    return { message: messages.requisitions.parseFailed, reason: list.find((m) => m !== messages.requisitions.parseFailed) };
  }
  return { message: messages.requisitions.parseFailed };
}

/**
 * A drop zone that sends a resume to POST api/resume-parser (`resumeParserRoutes.parse`) and hands back the parsed fields.
 * The create-candidate form uses it to pre-fill its fields (the recruiter confirms them).
 */
export function ResumeParseDrop({ onParsed, onFailed }: { onParsed: (r: ParsedResume, file: File) => void; onFailed?: (f: ParseFailure) => void }) {
  const [failure, setFailure] = useState<ParseFailure | null>(null);
  const parse = useMutation({
    mutationFn: (file: File) => {
      const fd = new FormData();
      fd.append('resume', file, file.name);
      return api(resumeParserRoutes.parse, { body: fd });
    },
    onSuccess: (r, file) => {
      setFailure(null);
      onParsed(r, file);
    },
    onError: (err) => {
      const f = failureOf(err);
      setFailure(f);
      onFailed?.(f);
    },
  });
  const reject = (files: FileRejection[]) => {
    const code = files[0]?.errors[0]?.code;
    const f = {
      message: messages.requisitions.parseFailed,
      reason: code === 'file-too-large' ? messages.requisitions.resumeTooLarge : messages.requisitions.resumeUnsupported,
    };
    setFailure(f);
    onFailed?.(f);
  };
  return (
    <Stack gap="sm">
      <Dropzone
        onDrop={(files) => files[0] && parse.mutate(files[0])}
        onReject={reject}
        maxSize={MAX_BYTES}
        accept={ACCEPT}
        multiple={false}
        loading={parse.isPending}
        data-testid="resume-drop"
      >
        <Group justify="center" gap="md" mih={90} style={{ pointerEvents: 'none' }} wrap="nowrap">
          <Dropzone.Accept>
            <IconUpload size={36} stroke={1.5} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={36} stroke={1.5} />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileText size={36} stroke={1.5} />
          </Dropzone.Idle>
          <Stack gap={2}>
            <Text fw={500}>Drop a resume here or click to choose one</Text>
            <Text size="sm" c="gray.7">
              PDF, DOCX, DOC, RTF or TXT, up to 10 MB. It is read on our server and not kept.
            </Text>
          </Stack>
        </Group>
      </Dropzone>
      {failure ? (
        <Alert color="red" icon={<IconX size={18} />} title={failure.message} role="alert" data-testid="resume-error">
          {failure.reason ?? 'Check that the file opens, then try again.'}
        </Alert>
      ) : null}
    </Stack>
  );
}

const dash = (s: string | null | undefined) => (s ? s : '—');
const period = (a: string | null, b: string | null) => (a || b ? `${a ?? '?'} – ${b ?? '?'}` : '—');

/** The parsed fields, read-only, as the create-candidate form will receive them. */
export function ParsedResumeView({ r, fileName }: { r: ParsedResume; fileName: string }) {
  const location = [r.address.city, r.address.state, r.address.country].filter(Boolean).join(', ');
  return (
    <Stack gap="md" data-testid="parsed-resume">
      <Text size="sm" c="gray.7">
        Parsed from {fileName} ({r.fileType.toUpperCase()})
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Field label="Name" value={`${r.firstName} ${r.lastName}`.trim()} />
        <Field label="Email" value={r.email} />
        <Field label="Phone" value={r.phone} />
        <Field label="Location" value={location} />
      </SimpleGrid>
      <div>
        <Text size="sm" fw={600} mb={4}>
          Links
        </Text>
        {r.links.length ? (
          <Stack gap={2}>
            {r.links.map((l) => (
              <Anchor key={l} href={l} target="_blank" rel="noopener noreferrer" size="sm">
                {l}
              </Anchor>
            ))}
          </Stack>
        ) : (
          <Text size="sm">—</Text>
        )}
      </div>
      <div>
        <Text size="sm" fw={600} mb={4}>
          Skills
        </Text>
        {r.skills.length ? (
          <Group gap={6}>
            {r.skills.map((s) => (
              <Badge key={s} variant="outline" color="blue.9" tt="none">
                {s}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="sm">None found</Text>
        )}
      </div>
      <div>
        <Title order={3} size="h5" mb={4}>
          Work history
        </Title>
        {r.experience.length ? (
          <ScrollTable minWidth={420} label="Work history">
            <Table withTableBorder striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Title</Table.Th>
                  <Table.Th>Employer</Table.Th>
                  <Table.Th>Dates</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.experience.map((e, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: parsed entries have no id and never reorder
                  <Table.Tr key={i}>
                    <Table.Td>{dash(e.title)}</Table.Td>
                    <Table.Td>{dash(e.employer)}</Table.Td>
                    <Table.Td>{period(e.startDate, e.endDate)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        ) : (
          <Text size="sm">None found</Text>
        )}
      </div>
      <div>
        <Title order={3} size="h5" mb={4}>
          Education
        </Title>
        {r.education.length ? (
          <Stack gap={4}>
            {r.education.map((e, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: parsed entries have no id and never reorder
              <Text size="sm" key={i}>
                {[e.degree, e.institution].filter(Boolean).join(', ')} ({period(e.startDate, e.endDate)})
              </Text>
            ))}
          </Stack>
        ) : (
          <Text size="sm">None found</Text>
        )}
      </div>
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="gray.7" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" data-field={label.toLowerCase()}>
        {value || '—'}
      </Text>
    </div>
  );
}
