import { labelOf, sourceLabels } from '@hh/contract/labels';
import { Badge, Button, Collapse, Group, MultiSelect, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { AaText } from './ui.tsx';
import { jobLabel } from '../jobs/index.ts';
import { useFacets, usePipeline, useRequisitions } from './hooks.ts';
import { useSearchText } from '../../lib/search-state.ts';
import type { CandidateSearch } from './candidate-search.ts';

export const SORTS = [
  { value: 'createdAt:desc', label: 'Newest first' },
  { value: 'createdAt:asc', label: 'Oldest first' },
  { value: 'updatedAt:desc', label: 'Recently updated' },
  { value: 'lastName:asc', label: 'Last name A-Z' },
  { value: 'status:asc', label: 'Status' },
  { value: 'relevance:desc', label: 'Best match' },
  { value: 'distance:asc', label: 'Nearest first' },
];

const withCount = (arr: Array<{ value: string; label?: string; count: number }> | undefined) =>
  (arr ?? []).map((f) => ({ value: f.value, label: `${f.label || f.value} (${f.count})` }));

/** The candidate list's search box and filters; every change goes to the address (`useSearchState`). */
export function CandidateFilters({
  clientId,
  search,
  corrections,
}: {
  clientId: string | null;
  search: CandidateSearch;
  corrections: Array<{ term: string; suggestions: string[] }> | undefined;
}) {
  const { values, set } = search;
  const facets = useFacets(clientId);
  const pipeline = usePipeline(clientId);
  const reqs = useRequisitions(clientId);
  const statuses = pipeline.data?.statuses ?? [];
  const [searchText, setSearchText] = useSearchText(values.searchQuery, (searchQuery) => set({ searchQuery }));
  const [zipText, setZipText] = useSearchText(values.zipCode, (zipCode) => set({ zipCode }));
  const validZip = /^\d{5}$/.test(zipText);
  // At 700 px and below the filters fold behind a "Filters" button (with how many are on), so the
  // first screen shows the search box and the first candidates, not eight fields.
  const small = useMediaQuery('(max-width: 700px)');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters =
    values.status.length + values.assignedJobs.length + values.tags.length + values.source.length + (validZip ? 1 : 0) + (values.favorites ? 1 : 0);
  const statusOptions = statuses.map((s) => ({ value: s, label: `${s} (${facets.data?.status.find((f) => f.value === s)?.count ?? 0})` }));

  return (
    <Stack gap="sm" mb="md">
      <TextInput
        label="Search"
        description={<AaText>Name, email, phone, resume, skills or tags. Use "quotes", AND, OR, -exclude and (brackets).</AaText>}
        placeholder='"registered nurse" AND (icu OR "intensive care") -travel'
        leftSection={<IconSearch size={16} aria-hidden />}
        value={searchText}
        onChange={(e) => setSearchText(e.currentTarget.value)}
      />
      {corrections?.length ? (
        <Text size="sm" c="gray.7" data-testid="search-corrections">
          Also searched for: {corrections.map((x) => `${x.suggestions.join(', ')} (for “${x.term}”)`).join('; ')}
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
          <MultiSelect label="Status" data={statusOptions} value={values.status} onChange={(v) => set({ status: v })} placeholder="Any" w={220} clearable />
          <MultiSelect
            label="Assigned jobs"
            data={(reqs.data?.results ?? []).map((r) => ({
              value: r._id,
              label: `${jobLabel(r)} · ${r.candidates === 1 ? '1 candidate' : `${r.candidates} candidates`}`,
            }))}
            value={values.assignedJobs}
            onChange={(v) => set({ assignedJobs: v })}
            placeholder="Any job"
            searchable
            w={240}
            clearable
          />
          <MultiSelect
            label="Tags"
            data={withCount(facets.data?.tags)}
            value={values.tags}
            onChange={(v) => set({ tags: v })}
            placeholder="Any"
            w={180}
            clearable
          />
          <MultiSelect
            label="Source"
            data={withCount(facets.data?.source?.map((f) => ({ ...f, label: f.label || labelOf(sourceLabels, f.value) })))}
            value={values.source}
            onChange={(v) => set({ source: v })}
            placeholder="Any"
            w={180}
            clearable
          />
          <TextInput label="Near zip" placeholder="78701" value={zipText} onChange={(e) => setZipText(e.currentTarget.value.trim())} w={100} />
          <Select
            label="Within"
            data={['10', '25', '50', '100'].map((v) => ({ value: v, label: `${v} miles` }))}
            value={String(values.radius)}
            onChange={(v) => set({ radius: Number(v ?? 25) })}
            w={120}
            disabled={!validZip}
            allowDeselect={false}
          />
          <Select
            label="Sort by"
            data={SORTS}
            value={`${values.sortBy}:${values.sortDir}`}
            onChange={(v) => {
              const [sortBy, sortDir] = (v ?? 'createdAt:desc').split(':') as [typeof values.sortBy, typeof values.sortDir];
              set({ sortBy, sortDir, pageNumber: values.pageNumber });
            }}
            w={170}
            allowDeselect={false}
          />
          <Switch label="My favourites" checked={values.favorites} onChange={(e) => set({ favorites: e.currentTarget.checked })} mb={8} />
        </Group>
      </Collapse>
    </Stack>
  );
}
