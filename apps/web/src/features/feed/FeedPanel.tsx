import type { IndeedSettingsReply } from '@hh/contract/feed';
import { Alert, Anchor, Badge, Button, Code, CopyButton, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Section } from '../../components/Page.tsx';
import { useFormat } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';

const PREVIEW_BYTES = 48 * 1024;

/** The first part of the live feed, read as a stream and cut off (a feed can be hundreds of MB). */
async function readFeedStart(url: string): Promise<string> {
  const res = await fetch(url, { cache: 'no-store' });
  const reader = res.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (text.length >= PREVIEW_BYTES) {
      await reader.cancel();
      text = `${text.slice(0, PREVIEW_BYTES)}\n… (cut off: open the feed for the rest)`;
      break;
    }
  }
  if (!res.ok)
    throw new Error(
      text
        .replace(/<[^>]+>/g, ' ')
        .trim()
        .slice(0, 300) || `The feed answered HTTP ${res.status}`,
    );
  return text;
}

interface PreviewJob {
  title: string;
  company: string;
  location: string;
  salary: string;
  date: string;
  url: string;
  sponsored: boolean;
  indeedApply: boolean;
}

/** The complete <job> elements at the start of the feed, read as Indeed reads them. */
export function jobsOfFeedStart(xml: string): PreviewJob[] {
  const doc = new DOMParser().parseFromString(`<jobs>${[...xml.matchAll(/<job>[\s\S]*?<\/job>/g)].map((m) => m[0]).join('')}</jobs>`, 'application/xml');
  return [...doc.getElementsByTagName('job')].map((j) => {
    const t = (name: string) => j.getElementsByTagName(name)[0]?.textContent?.trim() ?? '';
    return {
      title: t('title'),
      company: t('company'),
      location: [t('city'), t('state')].filter(Boolean).join(', ') || t('country'),
      salary: t('salary'),
      date: t('date'),
      url: t('url'),
      sponsored: t('sponsored').toLowerCase() === 'yes',
      indeedApply: j.getElementsByTagName('indeed-apply-data').length > 0,
    };
  });
}

/** The feed preview shows the jobs as Indeed would list them, not raw XML. */
function FeedJobs({ jobs, rawUrl }: { jobs: PreviewJob[]; rawUrl: string }) {
  const fmt = useFormat();
  return (
    <Stack gap="xs" data-testid="feed-preview">
      <Group justify="space-between">
        <Text size="sm">
          The first {jobs.length} {jobs.length === 1 ? 'job' : 'jobs'} of the feed, as Indeed lists them.
        </Text>
        <Anchor href={rawUrl} target="_blank" rel="noreferrer" size="sm">
          View raw XML
        </Anchor>
      </Group>
      {jobs.length === 0 ? (
        <Text size="sm" c="dimmed">
          The feed has no jobs yet: only open jobs of this client are listed.
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {jobs.slice(0, 12).map((j) => (
            <Paper key={j.url || j.title} withBorder p="sm" radius="md" data-testid="feed-job">
              <Anchor href={j.url} target="_blank" rel="noreferrer" fw={700}>
                {j.title}
              </Anchor>
              <Text size="sm">{j.company}</Text>
              <Text size="sm" c="dimmed">
                {j.location}
              </Text>
              {j.salary ? <Text size="sm">{j.salary}</Text> : null}
              <Group gap={6} mt={6}>
                {j.indeedApply ? (
                  <Badge variant="light" color="primary2">
                    Easily apply
                  </Badge>
                ) : null}
                {j.sponsored ? (
                  <Badge variant="light" color="orange">
                    Sponsored
                  </Badge>
                ) : null}
                {j.date ? (
                  <Text size="xs" c="dimmed">
                    Posted {fmt.day(new Date(j.date).toISOString())}
                  </Text>
                ) : null}
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

export function FeedPanel({ settings }: { settings: IndeedSettingsReply }) {
  const [preview, setPreview] = useState<PreviewJob[] | null>(null);
  const load = useMutation({
    // Same-origin path of the feed: the portal may be opened on another host name than PUBLIC_URL.
    mutationFn: async () => jobsOfFeedStart(await readFeedStart(new URL(settings.feedUrl).pathname)),
    onSuccess: setPreview,
    onError: (err) => notify.error(`The feed could not be read: ${err instanceof Error ? err.message : 'unknown error'}`),
  });
  return (
    <Section title="Indeed feed">
      <Stack gap="sm">
        {!settings.aiSearch || !settings.mediaSubscription ? (
          <Alert color="yellow" p="xs">
            The feed answers "No indeed apply data has been configured" until this client has AI search and the media subscription turned on.
          </Alert>
        ) : null}
        <Group gap="xs" wrap="nowrap">
          {/* On a phone the URL wraps anywhere and the buttons keep their width (down to a 390 px wide phone). */}
          <Code style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }} data-testid="feed-url">
            {settings.feedUrl}
          </Code>
          <CopyButton value={settings.feedUrl}>
            {({ copied, copy }) => (
              <Button size="xs" variant="light" onClick={copy} style={{ flexShrink: 0 }}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
          <Button size="xs" variant="light" onClick={() => load.mutate()} loading={load.isPending} style={{ flexShrink: 0 }}>
            Preview
          </Button>
        </Group>
        {preview !== null ? <FeedJobs jobs={preview} rawUrl={settings.feedUrl} /> : null}
      </Stack>
    </Section>
  );
}

/** One job's planning entry, edited in place and saved on its own. */
