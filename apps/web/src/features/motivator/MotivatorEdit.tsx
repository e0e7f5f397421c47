import { messages } from '@hh/contract/messages';
import { type Motivator, pageRoutes } from '@hh/contract/site-builder';
import { toEditorHtml } from '@hh/html/rich-text';
import { Button, Group, Input, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ImagePicker } from '../../components/ImagePicker.tsx';
import { RichTextEditor } from '../../components/RichTextEditor.tsx';
import { EmptyState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { useDepartments } from '../jobs/index.ts';
import { motivatorsKey, useMotivators } from './hooks.ts';
import { motivatorError } from './Motivators.tsx';

/** `/harvest/motivator/{motivatorId}`: a motivator's headline, story, media and job filter. */
export default function MotivatorEdit() {
  const { motivatorId } = useParams();
  const { clientId } = useSelectedClient();
  const qc = useQueryClient();
  const q = useMotivators(clientId);
  const deps = useDepartments(clientId);
  const found = q.data?.find((m) => m._id === motivatorId) ?? null;
  const [m, setM] = useState<Motivator | null>(found);
  useEffect(() => setM(found), [found]);
  const save = useMutation({
    mutationFn: (x: Motivator) =>
      api(pageRoutes.updateMotivator, {
        body: {
          clientId: clientId ?? '',
          _id: x._id,
          name: x.name,
          headline: x.headline,
          story: x.story,
          image: x.image || null,
          video: x.video || null,
          filter: x.filter,
          published: x.published,
        },
      }),
    onSuccess: (r) => {
      notify.success(messages.recruiting.motivatorUpdated);
      qc.setQueryData<Motivator[]>(motivatorsKey(clientId), (l) => (l ?? []).map((x) => (x._id === r._id ? r : x)));
    },
    onError: (e) => notify.error(motivatorError(e, 'The motivator could not be saved')),
  });
  if (q.isLoading) return <LoadingRows rows={5} />;
  if (!m)
    return (
      <EmptyState title="This motivator does not exist">
        Go back to the <Link to="/harvest/motivator">motivators</Link>.
      </EmptyState>
    );
  const set = (patch: Partial<Motivator>) => setM({ ...m, ...patch });
  return (
    <>
      <PageHeader
        title={m.name}
        description="What candidates see on this motivator's page."
        actions={
          <Button component={Link} to={`/harvest/motivator/${m._id}/preview/mobile`} variant="default">
            Preview
          </Button>
        }
      />
      <Section>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Name" value={m.name} onChange={(e) => set({ name: e.currentTarget.value })} maxLength={100} />
            <TextInput label="Headline" value={m.headline} onChange={(e) => set({ headline: e.currentTarget.value })} maxLength={200} />
          </SimpleGrid>
          <RichTextEditor
            label="Story"
            description="Why this matters to the people who join: shown under the headline."
            value={toEditorHtml(m.story)}
            resetKey={m._id}
            onChange={(story) => setM((cur) => (cur ? { ...cur, story } : cur))}
            minHeight={140}
            testId="motivator-story"
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Input.Wrapper label="Picture" description="Shown behind the headline." labelElement="div">
              <ImagePicker
                id="motivator-image"
                label="Picture"
                value={m.image ?? ''}
                onChange={(image) => setM((cur) => (cur ? { ...cur, image } : cur))}
                clientId={clientId ?? ''}
              />
            </Input.Wrapper>
            <TextInput
              label="Video address (MP4)"
              description="Shown under the story (an MP4 or WebM address)."
              value={m.video ?? ''}
              onChange={(e) => set({ video: e.currentTarget.value })}
              placeholder="https://…"
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label="Jobs in department"
              data={[{ value: '', label: 'Any department' }, ...(deps.data?.results ?? []).map((d) => ({ value: d._id, label: d.name }))]}
              value={m.filter.departmentId ?? ''}
              onChange={(v) => set({ filter: { ...m.filter, departmentId: v || undefined } })}
            />
            <TextInput
              label="Jobs with keywords"
              value={m.filter.keywords ?? ''}
              onChange={(e) => set({ filter: { ...m.filter, keywords: e.currentTarget.value || undefined } })}
            />
            <TextInput
              label="Jobs near"
              placeholder="Austin, TX"
              value={m.filter.location ?? ''}
              onChange={(e) => set({ filter: { ...m.filter, location: e.currentTarget.value || undefined } })}
            />
          </SimpleGrid>
          <Switch label="Published" checked={m.published} onChange={(e) => set({ published: e.currentTarget.checked })} />
          <Group>
            <Button onClick={() => save.mutate(m)} loading={save.isPending} disabled={!m.name.trim()}>
              Save
            </Button>
          </Group>
        </Stack>
      </Section>
    </>
  );
}
