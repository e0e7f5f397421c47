const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a text is a uuid (ids in paths, headers and form fields are checked before any query). */
export const isUuid = (s: string): boolean => UUID.test(s);
