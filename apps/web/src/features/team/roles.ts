import { productNames, productRights, productRoleFields, roleLevelLabels } from '@hh/contract/labels';
import type { ProductUserType } from '@hh/contract/roles';

export const productFields = productRoleFields.map((key) => ({ key, label: productNames[key], rights: productRights[key] }));
export type ProductKey = (typeof productRoleFields)[number];
export type Roles = Record<ProductKey, ProductUserType>;

export const roleOptions: Array<{ value: ProductUserType; label: string }> = (['none', 'member', 'editor', 'admin'] as const).map((value) => ({
  value,
  label: roleLevelLabels[value],
}));
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

/** Why a pasted address cannot be invited, in words; null when it can. */
export function addressProblem(a: string): string | null {
  const at = a.split('@').length - 1;
  if (at === 0) return 'not an email address';
  if (at > 1) return 'has more than one @';
  const [local, domain] = a.split('@');
  if (!local) return 'nothing before the @';
  if (!domain) return 'nothing after the @';
  if (!/^[^\s.]+(\.[^\s.]+)+$/.test(domain)) return 'the part after the @ is not a domain such as example.com';
  if (/[\s<>()[\]\\,;:"]/.test(a)) return 'has characters an email address cannot have';
  if (a.length > 254) return 'longer than an email address may be';
  return null;
}

/**
 * Addresses pasted in any shape: one per line, or separated by commas, semicolons or spaces; "Name <a@b.c>"
 * works too. Every piece that is not an address is listed with the reason, never dropped.
 */
export function parseAddresses(text: string): { valid: string[]; invalid: Array<{ address: string; reason: string }> } {
  const tokens: string[] = [];
  for (const piece of text.split(/[,;\n]+/)) {
    const inAngles = piece.match(/<([^>]*)>/);
    if (inAngles) tokens.push(inAngles[1].trim());
    else tokens.push(...piece.trim().split(/\s+/));
  }
  const valid = new Set<string>();
  const invalid: Array<{ address: string; reason: string }> = [];
  for (const t of tokens.filter(Boolean)) {
    const problem = addressProblem(t);
    if (problem) {
      if (!invalid.some((i) => i.address === t)) invalid.push({ address: t, reason: problem });
    } else valid.add(t.toLowerCase());
  }
  return { valid: [...valid], invalid };
}
