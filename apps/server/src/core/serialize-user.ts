import type { User } from '@hh/contract/users';
import type { users } from '../db/schema/core.ts';

export type UserRow = typeof users.$inferSelect;

/** Row -> the contract's user. The password hash is never part of it. */
export function serializeUser(u: UserRow): User {
  const company = (u.company ?? {}) as User['company'];
  return {
    _id: u.id,
    basicInfo: { firstName: u.firstName, lastName: u.lastName },
    address: u.address ?? {},
    company: { ...company, companyInfo: u.clientId },
    department: u.department,
    email: u.email,
    userTypeGlobal: u.userTypeGlobal as User['userTypeGlobal'],
    userTypeWave: u.userTypeWave as User['userTypeWave'],
    userTypeHarvest: u.userTypeHarvest as User['userTypeHarvest'],
    userTypeHarvestPlus: u.userTypeHarvestPlus as User['userTypeHarvestPlus'],
    userTypeCultivate: u.userTypeCultivate as User['userTypeCultivate'],
    userTypeMotivator: u.userTypeMotivator as User['userTypeMotivator'],
    logo: u.logo,
    status: u.status,
    createdBy: u.createdBy,
    createdAt: u.createdAt.toISOString(),
    updatedAt: u.updatedAt.toISOString(),
  };
}
