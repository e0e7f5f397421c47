/** Unread conversations badge (core spec §4): blank for 0, the number 1 to 9, "9+" above 9. */
export function unreadBadgeText(count: number | null | undefined): string {
  if (!count || count <= 0) return '';
  return count > 9 ? '9+' : String(count);
}
