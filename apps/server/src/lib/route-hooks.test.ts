import type { RouteOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { isRead, onlyReads, runFirst } from './route-hooks.ts';

const route = (method: RouteOptions['method'], extra: Partial<RouteOptions> = {}) =>
  ({ method, url: '/api/x', handler: () => undefined, ...extra }) as RouteOptions;

describe('route hooks', () => {
  it('puts a check before the hooks a route already has, of any shape', () => {
    const own = () => undefined;
    const check = () => undefined;
    const none = route('POST');
    const single = route('POST', { onRequest: own });
    const list = route('POST', { preValidation: [own, own] });
    runFirst(none, 'onRequest', check);
    runFirst(single, 'onRequest', check);
    runFirst(list, 'preValidation', check);
    expect(none.onRequest).toEqual([check]);
    expect(single.onRequest).toEqual([check, own]);
    expect(list.preValidation).toEqual([check, own, own]);
  });

  it('tells reads from writes, whatever the case of the method', () => {
    expect(['GET', 'head', 'OPTIONS'].map(isRead)).toEqual([true, true, true]);
    expect(['POST', 'put', 'PATCH', 'DELETE'].map(isRead)).toEqual([false, false, false, false]);
    expect(onlyReads(route(['GET', 'HEAD']))).toBe(true);
    expect(onlyReads(route(['GET', 'POST']))).toBe(false);
  });
});
