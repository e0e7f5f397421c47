import { rolePresets, roleLevelRights } from '@hh/contract/labels';
import type { ProductUserType } from '@hh/contract/roles';
import { Radio, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { productFields, type Roles, roleOptions, rolesText } from './roles.ts';

export const CUSTOM = 'custom';

/** The preset whose five roles are exactly `r`, else "custom". */
export function presetOf(r: Roles): string {
  return rolePresets.find((p) => productFields.every((f) => p.roles[f.key] === r[f.key]))?.id ?? CUSTOM;
}

/**
 * What a person may do: a described preset (Admin, Recruiter, Hiring manager, Interviewer, Read only)
 * that sets the five product roles, or "Customise" to choose each product's role, with what each
 * product covers and what each level allows in one sentence.
 */
export function RolePicker({
  roles,
  preset,
  onPreset,
  onRole,
}: {
  roles: Roles;
  preset: string;
  onPreset(id: string): void;
  onRole(key: keyof Roles, value: ProductUserType): void;
}) {
  return (
    <Stack gap="sm">
      <Radio.Group label="What will they do?" value={preset} onChange={onPreset}>
        <Stack gap={8} mt={6}>
          {rolePresets.map((p) => (
            <Radio key={p.id} value={p.id} label={p.label} description={p.description} data-testid={`preset-${p.id}`} />
          ))}
          <Radio value={CUSTOM} label="Customise" description="Choose the role in each product yourself." data-testid="preset-custom" />
        </Stack>
      </Radio.Group>
      {preset === CUSTOM ? (
        <>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            {productFields.map((p) => (
              <Select
                key={p.key}
                label={`${p.label} role`}
                description={p.rights}
                data={roleOptions}
                value={roles[p.key]}
                allowDeselect={false}
                onChange={(v) => v && onRole(p.key, v as ProductUserType)}
              />
            ))}
          </SimpleGrid>
          <Table withRowBorders={false} verticalSpacing={2} fz="sm" aria-label="What each role allows">
            <Table.Tbody>
              {roleOptions.map((o) => (
                <Table.Tr key={o.value}>
                  <Table.Th scope="row" w={110} fw={600}>
                    {o.label}
                  </Table.Th>
                  <Table.Td>{roleLevelRights[o.value]}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      ) : (
        <Text size="sm" c="gray.7" data-testid="preset-roles">
          {rolesText(roles)}
        </Text>
      )}
    </Stack>
  );
}
