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

/** Deeper than this, a body is refused: no form of ours nests past a handful of levels. */
export const MAX_INPUT_DEPTH = 32;
const DEPTH_MESSAGE = `The request is nested too deeply (more than ${MAX_INPUT_DEPTH} levels of brackets).`;

type Finding = { field: string; problem: 'control' | 'depth' } | null;

/**
 * The first string or key in `value` with a control character, or the first place nested past
 * MAX_INPUT_DEPTH. Walked with a stack of its own, not by recursion: a 60 KB body of 30,000
 * nested `[` overflowed the call stack and answered 500 (issue 31).
 */
export function firstBadInput(value: unknown): Finding {
  // Nearly every request is clean: a walk that names no field says so without building a path
  // for each one; the walk that names the field runs only when something is found.
  return isClean(value) ? null : findBadInput(value);
}

/** Whether `value` has no control character in a string or key and is not nested too deep. */
function isClean(value: unknown): boolean {
  const items: unknown[] = [value];
  const depths: number[] = [0];
  while (items.length > 0) {
    const item = items.pop();
    const depth = depths.pop()!;
    if (typeof item === 'string') {
      if (CONTROL.test(item)) return false;
      continue;
    }
    if (!item || typeof item !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return false;
    if (Array.isArray(item)) {
      for (const child of item) {
        items.push(child);
        depths.push(depth + 1);
      }
      continue;
    }
    for (const key of Object.keys(item)) {
      if (CONTROL.test(key)) return false;
      items.push((item as Record<string, unknown>)[key]);
      depths.push(depth + 1);
    }
  }
  return true;
}

function findBadInput(value: unknown): Finding {
  const stack: { value: unknown; path: string; depth: number; badKey?: boolean }[] = [
    { value, path: '', depth: 0 },
  ];
  while (stack.length > 0) {
    const { value: item, path, depth, badKey } = stack.pop()!;
    if (badKey) return { field: path, problem: 'control' };
    if (typeof item === 'string') {
      if (CONTROL.test(item)) return { field: path || '(whole)', problem: 'control' };
      continue;
    }
    if (!item || typeof item !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return { field: path || '(whole)', problem: 'depth' };
    const entries = Array.isArray(item)
      ? item.map((child, i) => [String(i), child] as const)
      : Object.entries(item);
    // Pushed last to first, so the first field is looked at first (as the message names it).
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const where = path ? `${path}.${key}` : key;
      const badKey = !Array.isArray(item) && CONTROL.test(key);
      stack.push({ value: child, path: where, depth: depth + 1, badKey });
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
  const found =
    firstBadInput(request.body) ?? firstBadInput(request.query) ?? firstBadInput(request.params);
  if (!found) {
    done();
    return;
  }
  const { field, problem } = found;
  if (problem === 'depth') {
    done(new AppError(400, 'too_deep', DEPTH_MESSAGE, { [field]: DEPTH_MESSAGE }));
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
