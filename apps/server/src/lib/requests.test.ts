import { describe, expect, it } from 'vitest';
import { originForm, pathOf, requestIdOf } from './requests.ts';

describe('originForm', () => {
  it('gives the path of an absolute-form request target, and leaves the origin form alone', () => {
    expect(originForm('/api/home')).toBe('/api/home');
    expect(originForm('http://shop.test/api/customer')).toBe('/api/customer');
    expect(originForm('HTTPS://Shop.Test:8443/api/orders?page=2')).toBe('/api/orders?page=2');
    expect(originForm('http://shop.test')).toBe('/');
    expect(originForm('http://shop.test?x=1')).toBe('/?x=1');
    expect(originForm('*')).toBe('*');
  });
});

describe('requestIdOf and pathOf', () => {
  it('keeps a sane caller id, makes one otherwise, and cuts the query string', () => {
    expect(requestIdOf({ 'x-request-id': 'trace-4711' })).toBe('trace-4711');
    expect(requestIdOf({ 'x-request-id': 'bad id\\r\\n' })).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdOf({})).toMatch(/^[0-9a-f-]{36}$/);
    expect(pathOf('/api/orders?email=a@b.c')).toBe('/api/orders');
  });
});
