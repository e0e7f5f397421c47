/** A PostgreSQL array literal for one bound parameter (drizzle's sql`` spreads a JS array into a row). */
export function pgArray(values: string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, (ch) => `\\${ch}`)}"`).join(',')}}`;
}
