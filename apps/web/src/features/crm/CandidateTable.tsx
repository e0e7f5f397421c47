import { crmRoutes } from '@hh/contract/crm';
import { labelOf, sourceLabels } from '@hh/contract/labels';
import { Anchor, Badge, Button, Checkbox, Group, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { ScrollTable } from '../../components/Page.tsx';
import { errorText } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { statusColor } from './ui.tsx';
import { api, type Candidate, useCandidateInvalidation } from './hooks.ts';

/** One page of candidates: tick boxes, favourite star, name (opens the drawer) and the chosen columns. */
export function CandidateTable({
  clientId,
  rows,
  statuses,
  show,
  selected,
  onSelect,
  onOpen,
}: {
  clientId: string | null;
  rows: Candidate[];
  statuses: string[];
  show: (column: string) => boolean;
  selected: Set<string>;
  onSelect: (next: (s: Set<string>) => Set<string>) => void;
  onOpen: (id: string) => void;
}) {
  const fmt = useFormat();
  const invalidate = useCandidateInvalidation();
  const favorite = useMutation({
    mutationFn: (c: Candidate) => api(crmRoutes.updateCandidateById, { params: { id: c._id }, body: { clientId: clientId as string, favorite: !c.favorite } }),
    onSuccess: () => invalidate(),
    onError: (err) => notify.error(errorText(err, 'The favourite could not be saved', 'candidates')),
  });
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r._id));
  const toggle = (id: string) =>
    onSelect((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  return (
    <ScrollTable minWidth={820} label="Candidates">
      <Table highlightOnHover withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label="Select all candidates on this page"
                checked={allOnPage}
                onChange={() =>
                  onSelect((s) => (allOnPage ? new Set([...s].filter((id) => !rows.some((r) => r._id === id))) : new Set([...s, ...rows.map((r) => r._id)])))
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
                <Anchor component="button" type="button" onClick={() => onOpen(c._id)} fw={600}>
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
  );
}
