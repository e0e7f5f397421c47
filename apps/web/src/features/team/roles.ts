import type { ProductUserType } from '@hh/contract/roles';

export const productFields = [
  { key: 'userTypeHarvest', label: 'Harvest' },
  { key: 'userTypeHarvestPlus', label: 'Harvest Plus' },
  { key: 'userTypeCultivate', label: 'Cultivate' },
  { key: 'userTypeWave', label: 'Wave' },
  { key: 'userTypeMotivator', label: 'Motivator' },
] as const;
export type ProductKey = (typeof productFields)[number]['key'];
export type Roles = Record<ProductKey, ProductUserType>;

export const roleOptions: Array<{ value: ProductUserType; label: string }> = [
  { value: 'none', label: 'No access' },
  { value: 'member', label: 'Member' },
  { value: 'editor', label: 'Editor' },
  { value: 'admin', label: 'Admin' },
];
export const noRoles: Roles = {
  userTypeHarvest: 'none',
  userTypeHarvestPlus: 'none',
  userTypeCultivate: 'none',
  userTypeWave: 'none',
  userTypeMotivator: 'none',
};

/** "Harvest: Editor, Wave: Member", or "No product access". */
export function rolesText(r: Roles): string {
  const parts = productFields.filter((p) => r[p.key] !== 'none').map((p) => `${p.label}: ${roleOptions.find((o) => o.value === r[p.key])?.label}`);
  return parts.length ? parts.join(', ') : 'No product access';
}

/** Addresses pasted in any shape: one per line, or separated by commas, semicolons or spaces; "Name <a@b.c>" works too. */
export function parseAddresses(text: string): { valid: string[]; invalid: string[] } {
  const tokens = text
    .split(/[\s,;]+/)
    .map((t) => t.replace(/^<|>$/g, '').trim())
    .filter(Boolean);
  const valid = new Set<string>();
  const invalid: string[] = [];
  for (const t of tokens) {
    if (/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(t)) valid.add(t.toLowerCase());
    else if (t.includes('@')) invalid.push(t);
  }
  return { valid: [...valid], invalid };
}

export const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Never');
