import { waveRoutes } from '@hh/contract/wave';
import { useQueryClient } from '@tanstack/react-query';
import { useUser } from '../../lib/auth.tsx';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';

/** The client a profile belongs to: staff use their own company, others the selected client. */
export function useWaveClientId(): string | null {
  const user = useUser();
  const { clientId } = useSelectedClient();
  return (user.company?.companyInfo as string | null | undefined) ?? clientId;
}

/** The signed-in user's own profile (GET api/profiles/wave?createdBy=<me>, first entry, spec §7). */
export function useMyProfile() {
  const user = useUser();
  return useApiQuery(waveRoutes.list, { query: { createdBy: user._id } });
}

/** Invalidate the profile lists after a change (every list lives under api/profiles/wave, or is create-edit-profiles). */
export function useInvalidateProfiles() {
  const qc = useQueryClient();
  return () =>
    qc.invalidateQueries({
      predicate: (q) => typeof q.queryKey[0] === 'string' && (q.queryKey[0].startsWith(waveRoutes.list.path) || q.queryKey[0] === waveRoutes.editProfiles.path),
    });
}

export const statusColor: Record<string, string> = { 'In Progress': 'gray', 'Pending Review': 'yellow', Approved: 'teal', Rejected: 'red' };
