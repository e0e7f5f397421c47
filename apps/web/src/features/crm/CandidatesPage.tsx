import { labelOf, sourceLabels } from '@hh/contract/labels';
import { type CrmCandidatesQuery, crmRoutes } from '@hh/contract/crm';
import { messages } from '@hh/contract/messages';
import type { RouteInput } from '@hh/contract/route';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  Collapse,
  Group,
  Menu,
  MultiSelect,
  Pagination,
  Select,
  Stack,
  Switch,
  Table,
  TagsInput,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconChevronDown, IconSearch, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader, ScrollTable, Section } from '../../components/Page.tsx';
import { errorText } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { ColumnsMenu, useCandidateColumns } from './candidate-columns.tsx';
import { CandidateDrawer } from './CandidateDrawer.tsx';
import { DuplicatesLink } from './duplicates/DuplicatesLink.tsx';
import { NewListButton } from './campaigns/NewListButton.tsx';
import { NewCandidateButton } from './NewCandidate.tsx';
import { AaText, pagerLabels, statusColor } from './ui.tsx';
import { api, type Candidate, useCandidateInvalidation, useFacets, useLists, usePipeline, useRequisitions } from './hooks.ts';

const PAGE_SIZE = 25;
/** The bulk bar's changes: a status, or tags to add. */
type BulkPatch = Pick<RouteInput<typeof crmRoutes.updateCandidates>['body'], 'status' | 'addTags'>;
const SORTS = [
  { value: 'createdAt:desc', label: 'Newest first' },
  { value: 'createdAt:asc', label: 'Oldest first' },
  { value: 'updatedAt:desc', label: 'Recently updated' },
  { value: 'lastName:asc', label: 'Last name A-Z' },
  { value: 'status:asc', label: 'Status' },
  { value: 'relevance:desc', label: 'Best match' },
  { value: 'distance:asc', label: 'Nearest first' },
];

/**
 * `/harvest/cultivate/candidates` and `/harvest/media/candidates` (issue 12): search with the boolean
 * syntax, facets with counts, the status, favourites and assigned-jobs filters, radius around a zip,
 * sort, paging, bulk tag, bulk status and add to list. A row opens the candidate drawer.
 */
export default function CandidatesPage() {
  const fmt = useFormat();
  const { clientId, client } = useSelectedClient();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const [status, setStatus] = useState<string[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  const [source, setSource] = useState<string[]>([]);
  const [jobs, setJobs] = useState<string[]>([]);
  const [favorites, setFavorites] = useState(false);
  const [zip, setZip] = useState('');
  const [radius, setRadius] = useState<string | null>('25');
  const [sort, setSort] = useState('createdAt:desc');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [bulkTags, setBulkTags] = useState<string[]>([]);
  const [sortBy, sortDir] = sort.split(':') as [CrmCandidatesQuery['sortBy'], CrmCandidatesQuery['sortDir']];
  const openId = params.get('candidate');
  const facets = useFacets(clientId);
  const pipeline = usePipeline(clientId);
  const reqs = useRequisitions(clientId);
  const lists = useLists(clientId);
  const invalidate = useCandidateInvalidation();
  const columns = useCandidateColumns(clientId);
  const show = (c: string) => columns.visible.has(c);
  const statuses = pipeline.data?.statuses ?? [];
  const validZip = /^\d{5}$/.test(zip);
  const reset = () => setPage(1);
  // At 700 px and below the filters fold behind a "Filters" button (with how many are on), so the
  // first screen shows the search box and the first candidates, not eight fields.
  const small = useMediaQuery('(max-width: 700px)');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = status.length + jobs.length + tags.length + source.length + (validZip ? 1 : 0) + (favorites ? 1 : 0);
  const list = useApiQuery(
    crmRoutes.searchCandidates,
    {
      query: {
        clientId: clientId ?? '',
        searchQuery: debounced || undefined,
        status: status.join(',') || undefined,
        tags: tags.join(',') || undefined,
        source: source.join(',') || undefined,
        assignedJobs: jobs.join(',') || undefined,
        favorites: favorites || undefined,
        zipCode: validZip ? zip : undefined,
        radius: validZip ? (radius ?? '25') : undefined,
        sortBy: (sortBy === 'distance' && !validZip) || (sortBy === 'relevance' && !debounced) ? 'createdAt' : sortBy,
        sortDir,
        pageNumber: page,
        pageSize: PAGE_SIZE,
      },
    },
    { enabled: !!clientId, placeholderData: (prev) => prev },
  );
  const bulk = useMutation({
    mutationFn: (patch: BulkPatch) => api(crmRoutes.updateCandidates, { body: { clientId: clientId as string, _ids: [...selected], ...patch } }),
    onSuccess: (r) => {
      notify.success(r.message);
      setBulkTags([]);
      invalidate();
    },
    onError: (err) => notify.error(errorText(err, 'The candidates could not be updated', 'candidates')),
  });
  const addToList = useMutation({
    mutationFn: (listId: string) => api(crmRoutes.updateCandidateList, { body: { clientId: clientId as string, _id: listId, addCandidateIds: [...selected] } }),
    onSuccess: (r) => notify.success(r.message),
    onError: (err) => notify.error(errorText(err, 'The candidates could not be added to the list', 'lists')),
  });
  const favorite = useMutation({
    mutationFn: (c: Candidate) => api(crmRoutes.updateCandidateById, { params: { id: c._id }, body: { clientId: clientId as string, favorite: !c.favorite } }),
    onSuccess: () => invalidate(),
    onError: (err) => notify.error(errorText(err, 'The favourite could not be saved', 'candidates')),
  });
  const rows = list.data?.results ?? [];
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r._id));
  const toggle = (id: string) =>
    setSelected((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const open = (id: string | null) => {
    const p = new URLSearchParams(params);
    if (id) p.set('candidate', id);
    else p.delete('candidate');
    setParams(p, { replace: !id });
  };
  const withCount = (arr: Array<{ value: string; label?: string; count: number }> | undefined) =>
    (arr ?? []).map((f) => ({ value: f.value, label: `${f.label || f.value} (${f.count})` }));
  const statusOptions = statuses.map((s) => ({ value: s, label: `${s} (${facets.data?.status.find((f) => f.value === s)?.count ?? 0})` }));

  return (
    <>
      <PageHeader
        title="Candidates"
        description={
          client ? (
            <AaText>{`Everyone who applied to ${client.name} or was added by a recruiter.${pathname.includes('/media/') ? ' (Media view)' : ''}`}</AaText>
          ) : undefined
        }
        actions={
          <Group gap="sm">
            <DuplicatesLink />
            <ColumnsMenu visible={columns.visible} onChange={columns.save} />
            <NewCandidateButton onCreated={(id) => open(id)} />
          </Group>
        }
      />
      <Section>
        <Stack gap="sm" mb="md">
          <TextInput
            label="Search"
            description={<AaText>Name, email, phone, resume, skills or tags. Use "quotes", AND, OR, -exclude and (brackets).</AaText>}
            placeholder='"registered nurse" AND (icu OR "intensive care") -travel'
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              reset();
            }}
          />
          {list.data?.corrections?.length ? (
            <Text size="sm" c="gray.7" data-testid="search-corrections">
              Also searched for: {list.data.corrections.map((x) => `${x.suggestions.join(', ')} (for “${x.term}”)`).join('; ')}
            </Text>
          ) : null}
          {small ? (
            <Button
              variant="default"
              w="fit-content"
              leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
              rightSection={activeFilters ? <Badge size="sm">{activeFilters}</Badge> : null}
              aria-expanded={filtersOpen}
              aria-controls="candidate-filters"
              onClick={() => setFiltersOpen((o) => !o)}
              data-testid="filters-toggle"
            >
              {filtersOpen ? 'Hide filters' : 'Filters'}
            </Button>
          ) : null}
          <Collapse expanded={!small || filtersOpen} id="candidate-filters">
            <Group align="flex-end" wrap="wrap" gap="sm">
              <MultiSelect
                label="Status"
                data={statusOptions}
                value={status}
                onChange={(v) => {
                  setStatus(v);
                  reset();
                }}
                placeholder="Any"
                w={220}
                clearable
              />
              <MultiSelect
                label="Assigned jobs"
                data={(reqs.data?.results ?? []).map((r) => ({ value: r._id, label: `${r.title} (${r.candidates})` }))}
                value={jobs}
                onChange={(v) => {
                  setJobs(v);
                  reset();
                }}
                placeholder="Any job"
                searchable
                w={240}
                clearable
              />
              <MultiSelect
                label="Tags"
                data={withCount(facets.data?.tags)}
                value={tags}
                onChange={(v) => {
                  setTags(v);
                  reset();
                }}
                placeholder="Any"
                w={180}
                clearable
              />
              <MultiSelect
                label="Source"
                data={withCount(facets.data?.source?.map((f) => ({ ...f, label: f.label || labelOf(sourceLabels, f.value) })))}
                value={source}
                onChange={(v) => {
                  setSource(v);
                  reset();
                }}
                placeholder="Any"
                w={180}
                clearable
              />
              <TextInput
                label="Near zip"
                placeholder="78701"
                value={zip}
                onChange={(e) => {
                  setZip(e.currentTarget.value.trim());
                  reset();
                }}
                w={100}
              />
              <Select
                label="Within"
                data={['10', '25', '50', '100'].map((v) => ({ value: v, label: `${v} miles` }))}
                value={radius}
                onChange={(v) => {
                  setRadius(v);
                  reset();
                }}
                w={120}
                disabled={!validZip}
                allowDeselect={false}
              />
              <Select label="Sort by" data={SORTS} value={sort} onChange={(v) => setSort(v ?? 'createdAt:desc')} w={170} allowDeselect={false} />
              <Switch
                label="My favourites"
                checked={favorites}
                onChange={(e) => {
                  setFavorites(e.currentTarget.checked);
                  reset();
                }}
                mb={8}
              />
            </Group>
          </Collapse>
        </Stack>
        {selected.size > 0 ? (
          <Group mb="md" gap="sm" p="xs" bg="var(--mantine-color-blue-0)" style={{ borderRadius: 8 }} data-testid="bulk-bar">
            <Text size="sm" fw={600}>
              {selected.size} selected
            </Text>
            <Menu>
              <Menu.Target>
                <Button size="xs" variant="light" rightSection={<IconChevronDown size={14} />}>
                  Set status
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {statuses.map((s) => (
                  <Menu.Item key={s} onClick={() => bulk.mutate({ status: s })}>
                    {s}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
            <TagsInput
              aria-label="Tags to add"
              placeholder="Tags to add"
              size="xs"
              value={bulkTags}
              onChange={setBulkTags}
              w={200}
              data={facets.data?.tags.map((t) => t.value)}
            />
            <Button size="xs" variant="light" disabled={!bulkTags.length} onClick={() => bulk.mutate({ addTags: bulkTags })} loading={bulk.isPending}>
              Add tags
            </Button>
            <Select
              size="xs"
              aria-label="Add to list"
              placeholder={lists.data?.results.length ? 'Add to list…' : 'No lists yet'}
              data={(lists.data?.results ?? []).map((l) => ({ value: l._id, label: l.name }))}
              value={null}
              onChange={(v) => v && addToList.mutate(v)}
              w={170}
            />
            <NewListButton clientId={clientId} candidateIds={[...selected]} />
            <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
              Clear
            </Button>
          </Group>
        ) : null}
        {list.isLoading ? (
          <LoadingRows />
        ) : list.error ? (
          <ErrorState error={new Error(messages.recruiting.candidatesFetchError)} onRetry={() => list.refetch()} />
        ) : !rows.length ? (
          <EmptyState title={facets.data?.total ? 'No candidates match' : 'No candidates yet'}>
            {facets.data?.total
              ? 'Try fewer words or clear a filter.'
              : 'Candidates appear here when someone applies on the career site or Indeed, or when you add one with "New candidate".'}
          </EmptyState>
        ) : (
          <>
            <ScrollTable minWidth={820} label="Candidates">
              <Table highlightOnHover withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th w={40}>
                      <Checkbox
                        aria-label="Select all candidates on this page"
                        checked={allOnPage}
                        onChange={() =>
                          setSelected((s) =>
                            allOnPage ? new Set([...s].filter((id) => !rows.some((r) => r._id === id))) : new Set([...s, ...rows.map((r) => r._id)]),
                          )
                        }
                      />
                    </Table.Th>
                    <Table.Th w={40}>
                      <VisuallyHidden>Favourite</VisuallyHidden>
                    </Table.Th>
                    <Table.Th>Name</Table.Th>
                    {show('status') ? <Table.Th>Status</Table.Th> : null}
                    {show('location') ? <Table.Th>Location</Table.Th> : null}
                    {show('tags') ? <Table.Th>Tags</Table.Th> : null}
                    {show('source') ? <Table.Th>Source</Table.Th> : null}
                    {show('phone') ? <Table.Th>Phone</Table.Th> : null}
                    {show('jobs') ? <Table.Th>Applied to</Table.Th> : null}
                    {show('added') ? <Table.Th>Added</Table.Th> : null}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((c) => (
                    <Table.Tr key={c._id} data-testid="candidate-row">
                      <Table.Td>
                        <Checkbox aria-label={`Select ${c.firstName} ${c.lastName}`} checked={selected.has(c._id)} onChange={() => toggle(c._id)} />
                      </Table.Td>
                      <Table.Td>
                        <Button
                          variant="subtle"
                          size="compact-sm"
                          px={4}
                          color={c.favorite ? 'yellow.8' : 'gray.7'}
                          aria-label={c.favorite ? `Remove ${c.firstName} ${c.lastName} from favourites` : `Add ${c.firstName} ${c.lastName} to favourites`}
                          aria-pressed={c.favorite}
                          onClick={() => favorite.mutate(c)}
                        >
                          {c.favorite ? <IconStarFilled size={16} /> : <IconStar size={16} />}
                        </Button>
                      </Table.Td>
                      <Table.Td>
                        <Anchor component="button" type="button" onClick={() => open(c._id)} fw={600}>
                          {c.firstName} {c.lastName}
                        </Anchor>
                        <Text size="xs" c="gray.7">
                          {c.email}
                        </Text>
                        {c.highlight ? (
                          // The server escapes the snippet and adds only <mark> (search-candidates.ts).
                          // biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by the server
                          <Text size="xs" c="gray.7" mt={2} maw={420} dangerouslySetInnerHTML={{ __html: c.highlight }} data-testid="match-snippet" />
                        ) : null}
                      </Table.Td>
                      {show('status') ? (
                        <Table.Td>
                          <Badge color={statusColor(statuses, c.status)} variant="filled">
                            {c.status}
                          </Badge>
                        </Table.Td>
                      ) : null}
                      {show('location') ? (
                        <Table.Td>
                          {[c.address.city, c.address.state].filter(Boolean).join(', ') || '—'}
                          {c.distance != null ? (
                            <Text size="xs" c="gray.7">
                              {c.distance} mi
                            </Text>
                          ) : null}
                        </Table.Td>
                      ) : null}
                      {show('tags') ? (
                        <Table.Td>
                          <Group gap={4}>
                            {c.tags.map((t) => (
                              <Badge key={t} size="sm" variant="outline" color="gray.7">
                                {t}
                              </Badge>
                            ))}
                          </Group>
                        </Table.Td>
                      ) : null}
                      {show('source') ? <Table.Td>{labelOf(sourceLabels, c.source)}</Table.Td> : null}
                      {show('phone') ? <Table.Td>{c.phone || '—'}</Table.Td> : null}
                      {show('jobs') ? <Table.Td>{[...new Set(c.applications.map((a) => a.jobTitle).filter(Boolean))].join(', ') || '—'}</Table.Td> : null}
                      {show('added') ? <Table.Td>{fmt.day(c.createdAt)}</Table.Td> : null}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
            <Group justify="space-between" mt="md">
              <Text size="sm" c="gray.7" data-testid="candidate-total">
                {list.data?.totalCount === 1 ? '1 candidate' : `${list.data?.totalCount ?? 0} candidates`}
              </Text>
              <Pagination
                getControlProps={pagerLabels}
                total={Math.max(1, Math.ceil((list.data?.totalCount ?? 0) / PAGE_SIZE))}
                value={page}
                onChange={setPage}
              />
            </Group>
          </>
        )}
      </Section>
      <CandidateDrawer candidateId={openId} onClose={() => open(null)} />
    </>
  );
}
