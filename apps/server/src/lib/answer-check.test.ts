import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { API_RESPONSES } from '@servery/contract/api-responses';
import {
  answerSerializerCompiler,
  dropsFields,
  SAMPLE_EVERY,
  type AnswerCheck,
} from './answer-check.ts';

// Decision 60: answers checked against the contract one by one outside production, on a
// sample in production.
const ZDish = z.looseObject({ id: z.string(), price: z.number().int(), name: z.string() });

/** A server whose one route answers `dish` (as `schema` says), and the log lines it wrote. */
async function serverAnswering(check: AnswerCheck, dish: () => unknown, schema: z.ZodType = ZDish) {
  const lines: { msg: string; route?: string; issues?: { path: string }[] }[] = [];
  const app = Fastify({
    logger: {
      level: 'info',
      stream: new Writable({
        write(chunk, _encoding, done) {
          lines.push(JSON.parse(String(chunk)));
          done();
        },
      }),
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler(check, () => app.log));
  app.get('/dish', { schema: { response: { 200: schema } } }, async () => dish());
  await app.ready();
  const answer = async () => {
    const reply = await app.inject({ method: 'GET', url: '/dish' });
    return { status: reply.statusCode, body: reply.json() };
  };
  const outside = () => lines.filter((line) => line.msg === 'answer outside the contract');
  return { app, answer, outside };
}

describe('answers and the contract', () => {
  const good = { id: 'd1', price: 450, name: 'Garlic naan', spice: 'mild' };
  const bad = { id: 'd1', price: '4.50', name: 'Garlic naan' };

  it('every: each answer is checked, and one outside the contract is a 500', async () => {
    const { app, answer } = await serverAnswering('every', () => bad);
    const first = await answer();
    expect(first.status).toBe(500);
    expect(JSON.stringify(first.body)).not.toContain('4.50');
    await app.close();
  });

  it('sample: answers go out as built; the first and one in 64 after it are checked and logged', async () => {
    let dish: unknown = bad;
    const { app, answer, outside } = await serverAnswering('sample', () => dish);
    expect(await answer()).toEqual({ status: 200, body: bad });
    expect(outside()).toEqual([
      expect.objectContaining({
        route: 'GET /dish',
        issues: [expect.objectContaining({ path: 'price' })],
      }),
    ]);
    for (let i = 1; i < SAMPLE_EVERY; i++) expect((await answer()).body).toEqual(bad);
    expect(outside()).toHaveLength(1);
    await answer();
    expect(outside()).toHaveLength(2);

    // An answer inside the contract is written as built (its extra field too, as the loose
    // objects of decision 15 always let through) and logs nothing when checked.
    dish = good;
    for (let i = 0; i < SAMPLE_EVERY; i++) expect((await answer()).body).toEqual(good);
    expect(outside()).toHaveLength(2);
    await app.close();
  });

  it('sample: an answer whose schema drops unnamed fields keeps the full check', async () => {
    const ZMember = z.object({ id: z.string(), name: z.string() });
    let member: unknown = { id: 's1', name: 'Priya', password_hash: 'x' };
    const { app, answer } = await serverAnswering('sample', () => member, ZMember);
    for (let i = 0; i < 3; i++)
      expect(await answer()).toEqual({
        status: 200,
        body: { id: 's1', name: 'Priya' },
      });
    member = { id: 's1', name: 7 };
    expect((await answer()).status).toBe(500);
    await app.close();
  });
});

describe('dropsFields', () => {
  it('finds an object that drops what it does not name, however deep', () => {
    const loose = z.looseObject({ name: z.string() });
    expect(dropsFields(loose)).toBe(false);
    expect(dropsFields(z.object({ name: z.string() }))).toBe(true);
    expect(dropsFields(z.strictObject({ name: z.string() }))).toBe(true);
    expect(dropsFields(z.looseObject({ lines: z.array(loose).nullable().optional() }))).toBe(false);
    expect(dropsFields(z.looseObject({ lines: z.array(z.object({ a: z.number() })) }))).toBe(true);
    expect(dropsFields(z.union([loose, z.object({ b: z.string() })]))).toBe(true);
    expect(dropsFields(z.record(z.string(), z.object({ b: z.string() })))).toBe(true);
    type Tree = { children: Tree[] };
    const ZTree: z.ZodType<Tree> = z.looseObject({ children: z.array(z.lazy(() => ZTree)) });
    expect(dropsFields(ZTree)).toBe(false);
  });

  it('samples the busiest answers and keeps the full check where the contract drops fields', () => {
    const full = Object.entries(API_RESPONSES)
      .filter(([, { schema }]) => dropsFields(schema))
      .map(([route]) => route);
    for (const route of [
      'POST /api/order',
      'GET /api/orders/:id',
      'GET /api/admin/orders',
      'POST /api/admin/orders/:id/status',
      'POST /api/admin/orders/:id/print',
    ]) {
      expect(full, route).not.toContain(route);
    }
    expect(full).toContain('GET /api/admin/session');
  });
});
