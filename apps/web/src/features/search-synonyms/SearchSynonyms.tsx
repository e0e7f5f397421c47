import { messages } from '@hh/contract/messages';
import { type SynonymGroup, searchSynonymRoutes } from '@hh/contract/search-synonyms';
import { ActionIcon, Badge, Button, Group, Paper, Stack, TagsInput, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EmptyState, ErrorState, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { useContractForm } from '../../lib/form.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';

const fail = (fallback: string) => (err: unknown) => notify.error(err instanceof ApiError ? (err.first('terms') ?? err.message) : fallback);

/** One of the client's groups: its terms, editable, saved with Save; deleted with the bin. */
function GroupRow({ group, clientId }: { group: SynonymGroup; clientId: string }) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: queryKey(searchSynonymRoutes.list) });
  const form = useContractForm(searchSynonymRoutes.update, {
    initialValues: { terms: group.terms },
    toBody: (v) => ({ clientId, _id: group._id, terms: v.terms }),
  });
  const dirty = form.values.terms.join('\n') !== group.terms.join('\n');
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof form.body>) => api(searchSynonymRoutes.update, { body }),
    onSuccess: () => {
      notify.success('Synonyms saved');
      refresh();
    },
    onError: (err) => {
      form.showServerErrors(err);
      fail('The synonyms could not be saved')(err);
    },
  });
  const remove = useMutation({
    mutationFn: () => api(searchSynonymRoutes.remove, { query: { clientId, id: group._id } }),
    onSuccess: (r) => {
      notify.success(r.message ?? messages.search.synonymDeleted);
      refresh();
    },
    onError: fail('The synonyms could not be deleted'),
  });
  const label = group.terms.join(', ');
  return (
    <Paper component="form" withBorder p="sm" radius="md" noValidate onSubmit={form.onSubmit(() => save.mutate(form.body()))} data-testid="synonym-group">
      <Group align="flex-end" wrap="wrap">
        <TagsInput style={{ flex: 1, minWidth: 240 }} label="Terms that mean the same" aria-label={`Terms of ${label}`} {...form.getInputProps('terms')} />
        <Group gap={4} wrap="nowrap">
          <Button type="submit" size="xs" disabled={!dirty} loading={save.isPending}>
            Save
          </Button>
          <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Delete synonyms ${label}`} loading={remove.isPending} onClick={() => remove.mutate()}>
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      </Group>
    </Paper>
  );
}

/** `/harvest/search-synonyms`: the client's job-title synonyms, and the built-in ones every career site understands. */
export default function SearchSynonyms() {
  const { clientId } = useSelectedClient();
  const qc = useQueryClient();
  const list = useApiQuery(searchSynonymRoutes.list, { query: { clientId: clientId ?? '' } }, { enabled: Boolean(clientId) });
  const form = useContractForm(searchSynonymRoutes.create, {
    initialValues: { terms: [] as string[] },
    toBody: (v) => ({ clientId: clientId ?? '', terms: v.terms }),
  });
  const create = useMutation({
    mutationFn: (body: ReturnType<typeof form.body>) => api(searchSynonymRoutes.create, { body }),
    onSuccess: () => {
      notify.success('Synonyms added: the career site finds them within a minute');
      form.reset();
      qc.invalidateQueries({ queryKey: queryKey(searchSynonymRoutes.list) });
    },
    onError: (err) => {
      form.showServerErrors(err);
      fail('The synonyms could not be added')(err);
    },
  });
  const groups = list.data?.results ?? [];
  return (
    <>
      <PageHeader
        title="Search synonyms"
        description="Words your candidates type for your jobs. A search for any term of a group finds jobs titled with any other, on your career site and job search."
      />
      <Stack>
        <Section title="Your synonyms">
          <form onSubmit={form.onSubmit(() => create.mutate(form.body()))} noValidate>
            <Group align="flex-end" mb="md" wrap="wrap">
              <TagsInput
                style={{ flex: 1, minWidth: 240 }}
                label="New group of terms"
                description="Type a term and press Enter, for example: sous chef, line cook"
                {...form.getInputProps('terms')}
              />
              <Button type="submit" loading={create.isPending}>
                Add synonyms
              </Button>
            </Group>
          </form>
          {list.isLoading ? (
            <LoadingRows />
          ) : list.error ? (
            <ErrorState error={list.error} onRetry={() => list.refetch()} />
          ) : !groups.length ? (
            <EmptyState title="No synonyms of your own yet">
              Add the titles and abbreviations your candidates use; the built-in ones below always apply.
            </EmptyState>
          ) : (
            <Stack gap="sm">
              {groups.map((g) => (
                <GroupRow key={`${g._id}:${g.terms.join('|')}`} group={g} clientId={clientId ?? ''} />
              ))}
            </Stack>
          )}
        </Section>
        <Section title="Built in">
          <Text size="sm" c="dimmed" mb="sm">
            Every career site understands these.
          </Text>
          <Stack gap={6}>
            {(list.data?.builtIn ?? []).map((g) => (
              <Group key={g.join('|')} gap={6} data-testid="built-in-synonyms">
                {g.map((term) => (
                  <Badge key={term} variant="light" tt="none">
                    {term}
                  </Badge>
                ))}
              </Group>
            ))}
          </Stack>
        </Section>
      </Stack>
    </>
  );
}
