import type { GlobalUserType, Product, ProductUserType } from '@hh/contract/roles';

/** The signed-in caller, resolved from a verified token and the user's row on every request. */
export interface Actor {
  id: string;
  email: string;
  sessionId: string;
  userTypeGlobal: GlobalUserType;
  /** The client a staff member belongs to (company.companyInfo); null for admins and recruiters. */
  clientId: string | null;
  products: Record<Exclude<Product, 'media'>, ProductUserType>;
}
