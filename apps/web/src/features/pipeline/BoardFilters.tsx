import { labelOf, sourceLabels } from '@hh/contract/labels';
import type { pipelineRoutes } from '@hh/contract/pipeline';
import { Button, Group, NumberInput, Select, TextInput } from '@mantine/core';
import type { SearchState, SearchValues } from '../../lib/search-state.ts';

type Filters = Pick<SearchValues<typeof pipelineRoutes.listApplications>, 'source' | 'tag' | 'minDaysInStage' | 'minRating' | 'stageId'>;

/** The average scorecard rating a card must reach, in the scale's words. */
const RATING_FLOORS = [
  { value: '2', label: 'No or better (2+)' },
  { value: '3', label: 'Yes or better (3+)' },
  { value: '4', label: 'Strong yes (4)' },
];

/** The board's filters (source, tag, days in stage, rating; kept in the address) and the shortcuts button. */
export function BoardFilters({
  sources,
  search,
  tagText,
  setTagText,
  filtered,
  onHelp,
}: {
  sources: string[];
  search: SearchState<Filters>;
  tagText: string;
  setTagText: (text: string) => void;
  filtered: boolean;
  onHelp: () => void;
}) {
  const f = search.values;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Select
        label="Source"
        placeholder="Any source"
        data={[...new Set([...sources, ...(f.source ? [f.source] : [])])].map((s) => ({ value: s, label: labelOf(sourceLabels, s) }))}
        value={f.source || null}
        onChange={(v) => search.set({ source: v ?? '' })}
        clearable
        w={180}
      />
      <TextInput label="Tag" placeholder="Any tag" value={tagText} onChange={(e) => setTagText(e.currentTarget.value)} w={160} />
      <NumberInput
        label="At least days in stage"
        min={0}
        max={3650}
        value={f.minDaysInStage || ''}
        onChange={(v) => search.set({ minDaysInStage: typeof v === 'number' ? v : 0 })}
        w={170}
      />
      <Select
        label="Rating"
        placeholder="Any rating"
        data={RATING_FLOORS}
        value={f.minRating ? String(f.minRating) : null}
        onChange={(v) => search.set({ minRating: v ? Number(v) : 0 })}
        clearable
        w={180}
      />
      {filtered ? (
        <Button variant="subtle" onClick={() => search.set({ source: '', tag: '', minDaysInStage: 0, minRating: 0 })}>
          Clear filters
        </Button>
      ) : null}
      <Button variant="subtle" ml="auto" onClick={onHelp} aria-keyshortcuts="?">
        Keyboard shortcuts
      </Button>
    </Group>
  );
}
