export const fullName = (u: { basicInfo: { firstName: string; lastName: string }; email: string }) =>
  [u.basicInfo.firstName, u.basicInfo.lastName].filter(Boolean).join(' ') || u.email;

export const formatDate = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString() : '');
export const formatDay = (iso: string) => iso.slice(0, 10);
