const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can be compared with a uuid column (anything else makes PostgreSQL fail). */
export const isUuid = (id: string): boolean => UUID.test(id);
