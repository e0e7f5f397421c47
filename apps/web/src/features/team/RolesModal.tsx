import { messages } from '@hh/contract/messages';
import type { TeamMember } from '@hh/contract/invitations';
import { userRoutes } from '@hh/contract/users';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { rolePresets } from '@hh/contract/labels';
import { useState } from 'react';
import { ApiError, api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { presetOf, RolePicker } from './RolePicker.tsx';
import type { Roles } from './roles.ts';

/** A member's name, or the email when the name is empty. */
export const fullName = (m: { firstName: string; lastName: string; email: string }) => [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email;

export function RolesModal({ member, onClose, onSaved }: { member: TeamMember | null; onClose(): void; onSaved(): void }) {
  const [roles, setRoles] = useState<Roles | null>(null);
  const [preset, setPreset] = useState<string | null>(null);
  const current: Roles | null = roles ?? member;
  const save = useMutation({
    mutationFn: () => api(userRoutes.update, { body: { _id: member?._id ?? '', ...pickRoles(current as Roles) } }),
    onSuccess: () => {
      notify.success(messages.recruiting.teamMemberUpdated);
      setRoles(null);
      setPreset(null);
      onSaved();
      onClose();
    },
    onError: (err) => {
      if (!(err instanceof ApiError && err.status === 403)) notify.error('An error occurred while updating the team member. Please try again.');
    },
  });
  return (
    <Modal
      opened={!!member}
      onClose={() => {
        setRoles(null);
        setPreset(null);
        onClose();
      }}
      title={member ? `Roles of ${fullName(member)}` : 'Roles'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close the roles dialog' }}
    >
      {current ? (
        <Stack>
          <RolePicker
            roles={pickRoles(current)}
            preset={preset ?? presetOf(pickRoles(current))}
            onPreset={(id) => {
              setPreset(id);
              const p = rolePresets.find((x) => x.id === id);
              if (p) setRoles({ ...p.roles });
            }}
            onRole={(key, v) => setRoles({ ...pickRoles(current), [key]: v })}
          />
          <Group justify="flex-end">
            <Button color="brand.7" onClick={() => save.mutate()} loading={save.isPending}>
              Save roles
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

const pickRoles = (r: Roles): Roles => ({
  userTypeHarvest: r.userTypeHarvest,
  userTypeHarvestPlus: r.userTypeHarvestPlus,
  userTypeCultivate: r.userTypeCultivate,
  userTypeWave: r.userTypeWave,
  userTypeMotivator: r.userTypeMotivator,
});
