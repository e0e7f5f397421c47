import { z } from 'zod';
import { id, isoDate, nullableUrlField, paged, statusEnum } from './common.ts';
import { globalUserType, productUserType } from './roles.ts';
import { defineRoute, SIGNED_IN_ERRORS } from './route.ts';

const str = (max = 200) => z.string().trim().max(max);
const nstr = (max = 200) => str(max).nullable();

export const password = z.string().min(8, 'Password must be 8 to 128 characters').max(128, 'Password must be 8 to 128 characters');
export const email = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Email is not valid' }));

export const basicInfo = z.object({ firstName: str(100), lastName: str(100) });
export const userAddress = z.object({ country: nstr(80).optional(), address1: nstr(200).optional(), address2: nstr(200).optional() });
export const company = z.object({
  companyInfo: id.nullable().optional(),
  address: z
    .object({
      country: nstr(80).optional(),
      city: nstr(120).optional(),
      zipCode: nstr(20).optional(),
      address1: nstr(200).optional(),
      address2: nstr(200).optional(),
    })
    .optional(),
  phoneNumber: nstr(40).optional(),
});

const userTypes = {
  userTypeGlobal: globalUserType,
  userTypeWave: productUserType,
  userTypeHarvest: productUserType,
  userTypeHarvestPlus: productUserType,
  userTypeCultivate: productUserType,
  userTypeMotivator: productUserType,
};

/** A user as the API returns it. No password or hash ever leaves the server. */
export const user = z.object({
  _id: id,
  basicInfo,
  address: userAddress,
  company,
  department: nstr(120),
  email: z.string(),
  ...userTypes,
  logo: nstr(2000),
  status: statusEnum,
  createdBy: id.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export type User = z.infer<typeof user>;

export const createUserRequest = z.object({
  basicInfo: basicInfo.partial().default({ firstName: '', lastName: '' }),
  address: userAddress.optional(),
  company: company.optional(),
  department: nstr(120).optional(),
  email,
  password,
  userTypeGlobal: globalUserType.default('user'),
  userTypeWave: productUserType.default('none'),
  userTypeHarvest: productUserType.default('none'),
  userTypeHarvestPlus: productUserType.default('none'),
  userTypeCultivate: productUserType.default('none'),
  userTypeMotivator: productUserType.default('none'),
  logo: nullableUrlField().optional(),
  status: statusEnum.default('Active'),
});
export type CreateUserRequest = z.infer<typeof createUserRequest>;

export const updateUserRequest = z.object({
  _id: id,
  basicInfo: basicInfo.partial().optional(),
  address: userAddress.optional(),
  company: company.optional(),
  department: nstr(120).optional(),
  email: email.optional(),
  userTypeGlobal: globalUserType.optional(),
  userTypeWave: productUserType.optional(),
  userTypeHarvest: productUserType.optional(),
  userTypeHarvestPlus: productUserType.optional(),
  userTypeCultivate: productUserType.optional(),
  userTypeMotivator: productUserType.optional(),
  logo: nullableUrlField().optional(),
  status: statusEnum.optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequest>;

export const updatePasswordRequest = z.object({ currentPassword: z.string().min(1).max(128), newPassword: password });

export const userListQuery = z.object({
  search: z.string().max(200).optional(),
  status: statusEnum.optional(),
  userTypeGlobal: globalUserType.optional(),
  clientId: id.optional(),
  companyInfo: id.optional(),
  createdBy: id.optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
export const userListReply = paged(user);
export const userLookupQuery = z.union([z.object({ userId: id }), z.object({ email })]);

// User settings (core spec §3)
export const userSettings = z.object({
  _id: id,
  userId: id,
  clientId: id,
  crm: z.object({ requisitions: z.object({ columns: z.array(z.string().max(100)).max(100) }) }),
  createdAt: isoDate,
  updatedAt: isoDate,
});
export const createUserSettingsRequest = z.object({
  clientId: id,
  crm: z.object({ requisitions: z.object({ columns: z.array(z.string().max(100)).max(100) }) }).default({ requisitions: { columns: [] } }),
});
export const updateUserSettingsRequest = createUserSettingsRequest;
export const userSettingsReply = userSettings.nullable();

// Activity log
export const activityLog = z.object({
  _id: id,
  clientId: id.nullable(),
  actorId: id.nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()),
  createdAt: isoDate,
  /** The entry in words ("Jordan Rivera applied to ICU Registered Nurse – Austin, TX"), from the contract's labels. */
  summary: z.string().optional(),
});
export const activityLogQuery = z.object({
  clientId: id.optional(),
  entity: z.string().max(60).optional(),
  action: z.string().max(60).optional(),
  actorId: id.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const activityLogList = paged(activityLog);
export const createActivityLogRequest = z.object({
  clientId: id.optional(),
  action: z.string().trim().min(1).max(60),
  entity: z.string().trim().min(1).max(60),
  entityId: z.string().max(100).optional(),
  changes: z.record(z.string(), z.unknown()).optional(),
});

export const createActivityLogReply = activityLog;

// Outbox: every mail the platform sends, readable by admins when no SMTP is configured (DESIGN.md).
export const outboxItem = z.object({
  _id: id,
  clientId: id.nullable(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: isoDate,
  sentAt: isoDate.nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
});
export const outboxQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export const outboxList = paged(outboxItem);

export const errors = SIGNED_IN_ERRORS;

/** Users (core spec §7 "Users"; rights in docs/permissions.md). update-password is in authRoutes. */
export const userRoutes = {
  // The spec calls the list three ways: ?{query}, /list/?companyInfo (trailing slash) and /users/list?createdBy.
  list: defineRoute({ method: 'GET', path: '/api/user/list', query: userListQuery, status: 200, reply: userListReply, errors, tags: ['users'] }),
  listSlash: defineRoute({ method: 'GET', path: '/api/user/list/', query: userListQuery, status: 200, reply: userListReply, errors, tags: ['users'] }),
  listUsers: defineRoute({ method: 'GET', path: '/api/users/list', query: userListQuery, status: 200, reply: userListReply, errors, tags: ['users'] }),
  get: defineRoute({ method: 'GET', path: '/api/user', query: userLookupQuery, status: 200, reply: user, errors, tags: ['users'] }),
  create: defineRoute({ method: 'POST', path: '/api/user/create', body: createUserRequest, status: 201, reply: user, errors, tags: ['users'] }),
  update: defineRoute({ method: 'PATCH', path: '/api/user/update', body: updateUserRequest, status: 200, reply: user, errors, tags: ['users'] }),
  outbox: defineRoute({ method: 'GET', path: '/api/outbox', query: outboxQuery, status: 200, reply: outboxList, errors, tags: ['users'] }),
};
