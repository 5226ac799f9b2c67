import { badRequest } from '../../lib/app-error.ts';

/**
 * A page's end as a cursor: the last row's time and id (ties broken by id), so the next page
 * starts exactly after it however many rows arrive meanwhile.
 */
export interface Cursor {
  at: Date;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at.toISOString()}|${cursor.id}`).toString('base64url');
}

export function decodeCursor(text: string | undefined): Cursor | undefined {
  if (!text) return undefined;
  const [at, id] = Buffer.from(text, 'base64url').toString().split('|');
  const date = at ? new Date(at) : undefined;
  if (!date || Number.isNaN(date.getTime()) || !id || !/^[0-9a-f-]{36}$/i.test(id)) {
    throw badRequest('This page of the list is not known: start again from the first page.', {
      cursor: 'Not a cursor of this list',
    });
  }
  return { at: date, id };
}

/** The rows of one page and the cursor of the next (asked for one row more than the page). */
export function pageOf<T>(rows: T[], size: number, cursorOf: (row: T) => Cursor) {
  const more = rows.length > size;
  const page = more ? rows.slice(0, size) : rows;
  return { page, next: more ? encodeCursor(cursorOf(page.at(-1)!)) : null };
}

/** A search text as a LIKE pattern that matches it anywhere, its own % and _ taken literally. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
