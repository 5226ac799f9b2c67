import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error.ts';
import { onlyReads, runFirst, type HookDone } from '../lib/route-hooks.ts';

/**
 * Control characters (NUL, escape, …) have no business in a name, an address, a message or
 * an id: PostgreSQL refuses NUL in text, and the others end up in e-mails, tickets and logs.
 * Tab and line breaks stay allowed (a message or a note may have several lines). Every body,
 * query string and path parameter a route takes is checked before validation, so every write
 * path answers a field-level 400 and changes nothing (issue 12).
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const MESSAGE = 'Remove the control character (such as NUL) from this text.';

/** The path of the first string in `value` with a control character, or null. */
export function firstControlCharacter(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path || '(whole)' : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = firstControlCharacter(item, path ? `${path}.${i}` : String(i));
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const where = path ? `${path}.${key}` : key;
      if (CONTROL.test(key)) return where;
      const found = firstControlCharacter(item, where);
      if (found) return found;
    }
  }
  return null;
}

/**
 * Whether a route takes input to check: a body (any method but GET, HEAD and OPTIONS), path
 * parameters, or a query string it declares. A route with none of these reads nothing the
 * client wrote, so it runs no check (the busiest reads: the home page, the menu).
 */
function takesInput(route: RouteOptions): boolean {
  const schema = route.schema as { querystring?: unknown } | undefined;
  return !onlyReads(route) || /[:*]/.test(route.url) || schema?.querystring !== undefined;
}

const noControlCharacters = (request: FastifyRequest, _reply: FastifyReply, done: HookDone) => {
  const field =
    firstControlCharacter(request.body) ??
    firstControlCharacter(request.query) ??
    firstControlCharacter(request.params);
  if (!field) {
    done();
    return;
  }
  done(new AppError(400, 'control_character', `Check ${field}: ${MESSAGE}`, { [field]: MESSAGE }));
};

export const controlCharactersPlugin = fp(
  async (app: FastifyInstance) => {
    // Before validation, on each route that takes input, as it is registered.
    app.addHook('onRoute', (route) => {
      if (takesInput(route)) runFirst(route, 'preValidation', noControlCharacters);
    });
  },
  { name: 'control-characters', dependencies: ['error-handler'] },
);
