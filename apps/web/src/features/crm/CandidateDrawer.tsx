import { crmRoutes } from '@hh/contract/crm';
import { labelOf, sourceLabels } from '@hh/contract/labels';
import type { RouteInput } from '@hh/contract/route';
import { Anchor, Badge, Button, Drawer, Group, Select, Stack, Tabs, TagsInput, Text } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ErrorState, LoadingRows } from '../../components/Page.tsx';
import { type Shortcut, ShortcutsHelp, useShortcuts } from '../../lib/shortcuts.tsx';
import { errorText } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { MessageCandidateButton } from '../conversations/index.ts';
import { DuplicateNotice } from './duplicates/DuplicateNotice.tsx';
import { CandidatePrivacy } from './privacy/CandidatePrivacy.tsx';
import { statusColor } from './ui.tsx';
import { api, type Candidate, useCandidate, useCandidateInvalidation, useFacets, usePipeline } from './hooks.ts';
import { CandidateActions } from './CandidateActions.tsx';
import { CandidateActivity } from './CandidateActivity.tsx';
import { CandidateApplications } from './CandidateApplications.tsx';
import { CandidateFiles } from './CandidateFiles.tsx';

/** What the drawer changes on one candidate: favourite, status or tags. */
type CandidatePatch = Pick<RouteInput<typeof crmRoutes.updateCandidateById>['body'], 'favorite' | 'status' | 'tags'>;

/**
 * The candidate drawer: profile, status, tags, files with resume preview, applications with answers, actions, notes, timeline.
 * On a phone it covers the whole screen (read from the first render, so it never opens at desktop size first).
 * With `sequence` (the ids of the list it was opened from, in order) and `onNavigate`, j and k open the next
 * and previous candidate of that list; ? lists the shortcuts. They never fire while typing in a field.
 */
export function CandidateDrawer({
  candidateId,
  onClose,
  sequence,
  onNavigate,
}: {
  candidateId: string | null;
  onClose: () => void;
  sequence?: string[];
  onNavigate?: (id: string) => void;
}) {
  const { clientId } = useSelectedClient();
  const narrow = useMediaQuery('(max-width: 700px)', false, { getInitialValueInEffect: false });
  const cand = useCandidate(clientId, candidateId);
  const c = cand.data;
  const [help, setHelp] = useState(false);
  const at = candidateId && sequence ? sequence.indexOf(candidateId) : -1;
  const step = (by: number) => {
    const next = sequence && at >= 0 ? sequence[at + by] : undefined;
    if (next && onNavigate) onNavigate(next);
  };
  const shortcuts: Shortcut[] = [
    ...(sequence && onNavigate
      ? [
          { key: 'j', label: 'Next candidate in the list', run: () => step(1) },
          { key: 'k', label: 'Previous candidate in the list', run: () => step(-1) },
        ]
      : []),
    { key: '?', label: 'Show these shortcuts', run: () => setHelp(true) },
  ];
  useShortcuts(shortcuts, !!candidateId && !help);
  return (
    <>
      <ShortcutsHelp opened={help} onClose={() => setHelp(false)} title="Candidate shortcuts" shortcuts={shortcuts} />
      <Drawer
        opened={!!candidateId}
        onClose={onClose}
        // While the shortcuts dialog is open, Escape closes that dialog only (focus may still be in here).
        closeOnEscape={!help}
        position="right"
        size={narrow ? '100%' : 'xl'}
        title={c ? `${c.firstName} ${c.lastName}` : 'Candidate'}
        closeButtonProps={{ 'aria-label': 'Close candidate' }}
      >
        {cand.isLoading ? (
          <LoadingRows rows={6} />
        ) : cand.error ? (
          <ErrorState error={cand.error} onRetry={() => cand.refetch()} />
        ) : c && clientId ? (
          <>
            {at >= 0 && sequence ? (
              <Text size="xs" c="gray.7" mb="xs" data-testid="candidate-position">
                {`${at + 1} of ${sequence.length} · j and k move through the list, ? lists the shortcuts`}
              </Text>
            ) : null}
            <CandidateDetail key={c._id} c={c} clientId={clientId} />
          </>
        ) : null}
      </Drawer>
    </>
  );
}

function CandidateDetail({ c, clientId }: { c: Candidate; clientId: string }) {
  const fmt = useFormat();
  const pipeline = usePipeline(clientId);
  const facets = useFacets(clientId);
  const invalidate = useCandidateInvalidation();
  const [tags, setTags] = useState(c.tags);
  const [typed, setTyped] = useState('');
  useEffect(() => setTags(c.tags), [c.tags]);
  const saveTags = (next: string[]) => {
    setTags(next);
    if (JSON.stringify(next) !== JSON.stringify(c.tags)) update.mutate({ tags: next });
  };
  // A tag typed but not added when the drawer closes (Escape, the close button) is saved, not dropped.
  const pending = useRef({ typed, tags, clientId, invalidate });
  pending.current = { typed, tags, clientId, invalidate };
  const candidateId = c._id;
  useEffect(
    () => () => {
      const { typed: t, tags: list, clientId: cid, invalidate: refresh } = pending.current;
      const tag = t.trim();
      if (!tag || list.includes(tag)) return;
      api(crmRoutes.updateCandidateById, { params: { id: candidateId }, body: { clientId: cid, tags: [...list, tag] } })
        .then((r) => {
          notify.success(r.message);
          refresh(candidateId);
        })
        .catch((err) => notify.error(errorText(err, 'The tag could not be saved', 'tags')));
    },
    [candidateId],
  );
  const update = useMutation({
    mutationFn: (patch: CandidatePatch) => api(crmRoutes.updateCandidateById, { params: { id: c._id }, body: { clientId, ...patch } }),
    onSuccess: (r) => {
      notify.success(r.message);
      invalidate(c._id);
    },
    onError: (err) => notify.error(errorText(err, 'The candidate could not be updated', 'status')),
  });
  const statuses = pipeline.data?.statuses ?? [c.status];
  return (
    <Stack gap="md">
      <DuplicateNotice clientId={clientId} candidateId={c._id} />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Group gap={6}>
            <Anchor href={`mailto:${c.email}`}>{c.email}</Anchor>
            {c.unsubscribed ? (
              <Badge color="gray.7" variant="outline" title="This address unsubscribed from campaign emails; campaigns skip it.">
                Unsubscribed
              </Badge>
            ) : null}
          </Group>
          <Text size="sm">{c.phone ?? 'No phone'}</Text>
          <Text size="sm" c="gray.7">
            {[c.address.city, c.address.state, c.address.zipCode].filter(Boolean).join(', ') || 'No location'} · Source: {labelOf(sourceLabels, c.source)} ·
            Added {fmt.day(c.createdAt)}
          </Text>
        </Stack>
        <Group gap="xs">
          <MessageCandidateButton clientId={clientId} candidate={c} />
          <Button
            variant="default"
            leftSection={c.favorite ? <IconStarFilled size={16} color="#b07d00" /> : <IconStar size={16} />}
            onClick={() => update.mutate({ favorite: !c.favorite })}
            aria-pressed={c.favorite}
          >
            {c.favorite ? 'Favourite' : 'Add to favourites'}
          </Button>
        </Group>
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Status"
          data={statuses}
          value={c.status}
          onChange={(v) => v && v !== c.status && update.mutate({ status: v })}
          allowDeselect={false}
          w={200}
          data-testid="candidate-status"
        />
        <Badge color={statusColor(statuses, c.status)} variant="filled" mb={8}>
          {c.status}
        </Badge>
        {/* Like Status, a tag is saved as soon as Enter (or a suggestion) adds it; text typed but not yet
            added is saved too when the input loses focus or the drawer closes, so nothing typed is lost. */}
        <TagsInput
          label="Tags"
          placeholder="Type a tag and press Enter"
          description="Saved as soon as you press Enter"
          value={tags}
          onChange={saveTags}
          searchValue={typed}
          onSearchChange={setTyped}
          acceptValueOnBlur
          data={facets.data?.tags.map((t) => t.value) ?? []}
          style={{ flex: 1, minWidth: 220 }}
        />
      </Group>
      <Tabs defaultValue="applications" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="applications">Applications ({c.applications.length})</Tabs.Tab>
          <Tabs.Tab value="resume">Resume & files ({c.files.length})</Tabs.Tab>
          <Tabs.Tab value="actions">Follow-up & share</Tabs.Tab>
          <Tabs.Tab value="activity">Notes & timeline</Tabs.Tab>
          <Tabs.Tab value="privacy">Privacy</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="applications" pt="md">
          <CandidateApplications c={c} />
        </Tabs.Panel>
        <Tabs.Panel value="resume" pt="md">
          <CandidateFiles c={c} />
        </Tabs.Panel>
        <Tabs.Panel value="actions" pt="md">
          <CandidateActions c={c} clientId={clientId} />
        </Tabs.Panel>
        <Tabs.Panel value="activity" pt="md">
          <CandidateActivity c={c} clientId={clientId} />
        </Tabs.Panel>
        <Tabs.Panel value="privacy" pt="md">
          <CandidatePrivacy c={c} clientId={clientId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
