/** Where a client's candidate privacy notice is served: its own domain's /privacy, else /{nameSlug}/privacy on the product host. */
export function privacyNoticeUrl(client: { nameSlug: string; domainURL?: string | null }, publicUrl: string): string {
  return client.domainURL ? `https://${client.domainURL}/privacy` : `${publicUrl}/${client.nameSlug}/privacy`;
}
