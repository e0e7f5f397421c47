export const pageUrl = (slug: string) => `/${slug}`;
