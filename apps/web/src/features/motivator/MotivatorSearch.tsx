import { messages } from '@hh/contract/messages';
import { pageRoutes } from '@hh/contract/site-builder';
import { Anchor, Button, Group, MultiSelect, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { useMotivators } from './hooks.ts';
import { motivatorError } from './Motivators.tsx';

/** `/harvest/motivator/motivator-search`: the page where visitors pick what matters to them (public at /motivator-search/{nameSlug}). */
export default function MotivatorSearch() {
  const { clientId } = useSelectedClient();
  const qc = useQueryClient();
  const q = useApiQuery(pageRoutes.getMotivatorSearch, { query: { clientId: clientId ?? '' } }, { enabled: !!clientId, retry: false, silent: true });
  const missing = q.error instanceof ApiError && q.error.status === 404;
  const motivators = useMotivators(clientId);
  const [v, setV] = useState({ title: 'What matters to you?', intro: '', motivatorIds: [] as string[], published: false });
  useEffect(() => {
    if (q.data) setV({ title: q.data.title, intro: q.data.intro, motivatorIds: q.data.motivatorIds, published: q.data.published });
  }, [q.data]);
  const save = useMutation({
    mutationFn: () =>
      q.data
        ? api(pageRoutes.updateMotivatorSearch, { body: { clientId: clientId ?? '', _id: q.data._id, ...v } })
        : api(pageRoutes.createMotivatorSearch, { body: { clientId: clientId ?? '', ...v } }),
    // What happened, in words (the reply keeps the spec's combined "created or updated" text).
    onSuccess: (r) => {
      notify.success(q.data ? messages.recruiting.pageUpdated : messages.recruiting.pageCreated);
      qc.setQueryData(queryKey(pageRoutes.getMotivatorSearch, { query: { clientId: clientId ?? '' } }), r);
    },
    onError: (e) => notify.error(motivatorError(e, 'The motivator search page could not be saved')),
  });
  return (
    <>
      <PageHeader title="Motivator search page" description="Visitors pick what matters to them and see the jobs that offer it." />
      {q.isLoading ? <LoadingRows /> : null}
      {!q.isLoading && (q.data || missing) ? (
        <Section>
          <Stack>
            <TextInput label="Title" value={v.title} onChange={(e) => setV({ ...v, title: e.currentTarget.value })} maxLength={200} />
            <Textarea label="Introduction" value={v.intro} onChange={(e) => setV({ ...v, intro: e.currentTarget.value })} autosize minRows={2} />
            <MultiSelect
              label="Motivators offered"
              description="Empty: every published motivator"
              data={(motivators.data ?? []).map((m) => ({ value: m._id, label: m.name }))}
              value={v.motivatorIds}
              onChange={(ids) => setV({ ...v, motivatorIds: ids })}
            />
            <Switch label="Published" checked={v.published} onChange={(e) => setV({ ...v, published: e.currentTarget.checked })} />
            <Group>
              <Button onClick={() => save.mutate()} loading={save.isPending}>
                {q.data ? 'Save' : 'Create the page'}
              </Button>
              {q.data?.published ? (
                <Anchor href={q.data.url} target="_blank" rel="noopener">
                  Open the public page
                </Anchor>
              ) : null}
            </Group>
          </Stack>
        </Section>
      ) : null}
    </>
  );
}
