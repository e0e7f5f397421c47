import { messages } from '@hh/contract/messages';
import type { RankedCandidate } from '@hh/contract/requisitions';
import { Anchor, Badge, Grid, Group, Paper, Progress, Stack, Switch, Text, Title } from '@mantine/core';
import { IconFileText, IconTags } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { formatDay } from '../../lib/format.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { statusLabel, useKeywords, useRankedCandidates } from './hooks.ts';
import { KeywordEditor } from './KeywordEditor.tsx';
import { Pager } from './Pager.tsx';

const PAGE_SIZE = 10;

/** `/cultivate/requisitions/:jobId`: the requisition's keyword editor and its applicants ranked against the keywords. */
export default function RequisitionDetail() {
  const { jobId = '' } = useParams();
  const { clientId } = useSelectedClient();
  const [page, setPage] = useState(1);
  const [matchedOnly, setMatchedOnly] = useState(false);
  const keywords = useKeywords(jobId, clientId);
  const ranked = useRankedCandidates(jobId, { clientId, pageNumber: page, pageSize: PAGE_SIZE, matchedOnly });
  const results = ranked.data?.results ?? [];

  return (
    <>
      <Anchor component={Link} to="/cultivate/requisitions" size="sm" c="blue.9">
        ← All requisitions
      </Anchor>
      <PageHeader
        title={keywords.data?.title ?? 'Requisition'}
        description={
          <Text span c="gray.7" inherit>
            Candidates who applied, ranked by how well their resume and skills match this requisition's keywords.
          </Text>
        }
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Section title="Keywords">
            {keywords.isLoading ? (
              <LoadingRows rows={3} />
            ) : keywords.error ? (
              <ErrorState error={new Error(messages.requisitions.keywordsFetchError)} onRetry={() => keywords.refetch()} />
            ) : keywords.data ? (
              <KeywordEditor jobId={jobId} data={keywords.data} />
            ) : null}
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Section
            title="Ranked candidates"
            actions={
              <Switch
                label="Only candidates who match"
                checked={matchedOnly}
                onChange={(e) => {
                  setMatchedOnly(e.currentTarget.checked);
                  setPage(1);
                }}
              />
            }
          >
            {ranked.isLoading ? (
              <LoadingRows />
            ) : ranked.error ? (
              <ErrorState error={new Error(messages.requisitions.keywordsFetchError)} onRetry={() => ranked.refetch()} />
            ) : !results.length ? (
              matchedOnly ? (
                <EmptyState title="No candidate matches a keyword">Turn off the filter to see every applicant, or add keywords they may share.</EmptyState>
              ) : (
                <EmptyState title="No one has applied yet">Applicants from the career site, Indeed Apply and the CRM appear here, ranked.</EmptyState>
              )
            ) : (
              <Stack gap="sm">
                {results.map((c, i) => (
                  <CandidateCard key={c._id} c={c} rank={(page - 1) * PAGE_SIZE + i + 1} />
                ))}
                <Group justify="space-between">
                  <Text size="sm" c="gray.7">
                    {ranked.data?.totalCount} {ranked.data?.totalCount === 1 ? 'candidate' : 'candidates'}
                  </Text>
                  <Pager total={ranked.data?.totalCount ?? 0} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
                </Group>
              </Stack>
            )}
          </Section>
        </Grid.Col>
      </Grid>
    </>
  );
}

/** The points one matched term brought to the score: its weight as a share of all keywords' weight. */
function pointsOf(c: RankedCandidate, weight: number): number {
  const matched = c.matched.reduce((n, m) => n + m.weight, 0);
  return matched ? Math.round(((weight * c.score) / matched) * 10) / 10 : 0;
}

function CandidateCard({ c, rank }: { c: RankedCandidate; rank: number }) {
  const color = c.score >= 60 ? 'teal' : c.score >= 25 ? 'yellow' : 'gray';
  return (
    <Paper withBorder p="sm" radius="md" data-testid="ranked-candidate">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Title order={3} size="h5">
            {rank}. {`${c.firstName} ${c.lastName}`.trim() || c.email}
          </Title>
          <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
            {c.email} · applied {formatDay(c.appliedAt)}
          </Text>
        </div>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Badge variant="outline" color="blue.9">
            {statusLabel(c.applicationStatus)}
          </Badge>
          <Text size="sm" fw={700} data-testid="score">
            {c.score} %
          </Text>
        </Stack>
      </Group>
      <Progress.Root size="sm" mt={6}>
        <Progress.Section value={c.score} color={color} aria-label={`Match score ${c.score} percent`} />
      </Progress.Root>
      <Text size="sm" mt="xs" data-testid="explanation">
        {c.explanation}
      </Text>
      {c.matched.length ? (
        <Group gap={6} mt={6} role="list" aria-label={`Terms behind ${c.score} %`} data-testid="matched-terms">
          {[...c.matched]
            .sort((a, b) => b.weight - a.weight)
            .map((m) => (
              <Badge
                role="listitem"
                key={`${m.source}:${m.keyword}`}
                variant={m.source === 'user' ? 'filled' : 'outline'}
                color={m.source === 'user' ? 'blue.8' : 'indigo.9'}
                tt="none"
                leftSection={m.in.includes('skills') ? <IconTags size={12} aria-hidden /> : <IconFileText size={12} aria-hidden />}
                title={`${m.source === 'user' ? 'Recruiter' : 'AI'} keyword, found in ${m.in.join(' and ')}`}
              >
                {m.keyword} +{pointsOf(c, m.weight)}
              </Badge>
            ))}
        </Group>
      ) : null}
      {c.snippet ? (
        <Text size="xs" mt={6} c="gray.7" fs="italic">
          {c.snippet}
        </Text>
      ) : null}
    </Paper>
  );
}
