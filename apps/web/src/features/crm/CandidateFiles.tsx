import { Anchor, Badge, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { notify } from '../../lib/notify.ts';
import { type Candidate, fetchFile, fetchFileUrl } from './hooks.ts';

export function ResumePreview({ file }: { file: Candidate['files'][number] }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let u: string | null = null;
    let cancelled = false;
    setUrl(null);
    setText(null);
    setError(null);
    fetchFile(file.blobPath)
      .then(async (blob) => {
        if (cancelled) return;
        if (file.contentType.startsWith('text/')) setText(await blob.text());
        u = URL.createObjectURL(blob);
        setUrl(u);
      })
      .catch((e: Error) => setError(e.message));
    return () => {
      cancelled = true;
      if (u) URL.revokeObjectURL(u);
    };
  }, [file.blobPath, file.contentType]);
  if (error) return <Text c="red">{error}</Text>;
  if (!url) return <Loader size="sm" aria-label="Loading the resume" />;
  if (file.contentType === 'application/pdf')
    return <iframe src={url} title={`Resume ${file.name}`} style={{ width: '100%', height: 600, border: '1px solid #dee2e6', borderRadius: 8 }} />;
  if (text !== null)
    return (
      <Paper withBorder p="sm" style={{ whiteSpace: 'pre-wrap', maxHeight: 600, overflow: 'auto' }}>
        <Text size="sm">{text}</Text>
      </Paper>
    );
  return (
    <Text size="sm" c="gray.7">
      This file type cannot be previewed in the browser. Download it to read it.
    </Text>
  );
}

/** The drawer's "Resume & files" tab: the candidate's files, a download for each and the resume shown inline. */
export function CandidateFiles({ c }: { c: Candidate }) {
  const [current, setCurrent] = useState(c.files[0]?.blobPath ?? null);
  const file = c.files.find((f) => f.blobPath === current);
  const download = async (f: Candidate['files'][number]) => {
    try {
      const u = await fetchFileUrl(f.blobPath);
      const a = document.createElement('a');
      a.href = u;
      a.download = f.name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(u), 10_000);
    } catch (e) {
      notify.error((e as Error).message);
    }
  };
  return (
    <Stack gap="sm">
      {c.files.length ? (
        <Stack gap={4}>
          {c.files.map((f) => (
            <Group key={f.blobPath} gap="xs" justify="space-between">
              <Anchor component="button" type="button" onClick={() => setCurrent(f.blobPath)} fw={f.blobPath === current ? 700 : 400}>
                <Group gap={4}>
                  <IconFileText size={16} aria-hidden />
                  {f.name}
                </Group>
              </Anchor>
              <Group gap="xs">
                <Text size="xs" c="gray.7">
                  {f.kind} · {f.createdAt.slice(0, 10)}
                </Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconDownload size={14} />}
                  onClick={() => download(f)}
                  aria-label={`Download ${f.name}`}
                >
                  Download
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      ) : (
        <Text c="gray.7">No files. A resume sent with an application appears here.</Text>
      )}
      {file ? <ResumePreview file={file} /> : null}
      {c.resumeText && !file ? (
        <Paper withBorder p="sm" style={{ whiteSpace: 'pre-wrap' }}>
          <Text size="sm">{c.resumeText}</Text>
        </Paper>
      ) : null}
      {c.skills.length ? (
        <Group gap={4}>
          <Text size="sm" fw={600}>
            Skills:
          </Text>
          {c.skills.map((s) => (
            <Badge key={s} variant="light" color="gray.7">
              {s}
            </Badge>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}
