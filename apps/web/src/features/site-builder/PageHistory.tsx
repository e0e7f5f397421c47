import { pageRoutes } from '@hh/contract/site-builder';
import { Badge, Button, Modal, Table, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoadingRows } from '../../components/Page.tsx';
import { api, queryKey } from '../../lib/api.ts';
import { formatDate } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { pageError, usePublished, type Version } from './hooks.ts';
import { publishedNotice } from './publish.tsx';

/**
 * A date and time in the user's locale with the zone named (the portal's one format, lib/format.ts).
 * A plain function, not the client-zone hook, because the design versions and the pages table call it
 * outside a component's render: it uses the browser's zone and says which.
 */
export const fmt = (iso?: string) => formatDate(iso);

/** A page's published versions, each restorable (the live one is marked). */
export function PageHistory({ clientId, pageName, onClose }: { clientId: string; pageName: string; onClose: () => void }) {
  const qc = useQueryClient();
  const q = usePublished(clientId, pageName);
  const restore = useMutation({
    mutationFn: (version: number) => api(pageRoutes.updatePublished, { body: { clientId, pageName, restoreVersion: version } }),
    onSuccess: (r) => {
      publishedNotice(r.message, r.url);
      qc.invalidateQueries({ queryKey: queryKey(pageRoutes.getAllPublished) });
      qc.invalidateQueries({ queryKey: queryKey(pageRoutes.listTemplates) });
    },
    onError: (e) => notify.error(pageError(e, 'The version could not be restored')),
  });
  const label = { publish: 'Published', update: 'Updated', unpublish: 'Unpublished', restore: 'Restored' } as const;
  return (
    <Modal opened onClose={onClose} title={`Versions of ${pageName}`} size="lg">
      {q.isLoading ? <LoadingRows rows={3} /> : null}
      {q.data && q.data.versions.length === 0 ? <Text>No version yet: publish the page first.</Text> : null}
      <Table>
        <Table.Tbody>
          {(q.data?.versions ?? []).map((v: Version) => (
            <Table.Tr key={v._id} data-testid="version-row">
              <Table.Td>Version {v.version}</Table.Td>
              <Table.Td>
                {label[v.action]} {v.live ? <Badge color="teal">Live</Badge> : null}
              </Table.Td>
              <Table.Td>{fmt(v.createdAt)}</Table.Td>
              <Table.Td>
                {v.action !== 'unpublish' && !v.live ? (
                  <Button size="xs" variant="light" loading={restore.isPending && restore.variables === v.version} onClick={() => restore.mutate(v.version)}>
                    Restore version {v.version}
                  </Button>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
