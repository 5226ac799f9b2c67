import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerSerializerCompiler, SAMPLE_EVERY, type AnswerCheck } from './answer-check.ts';

// Decision 60: answers checked against the contract one by one outside production, on a
// sample in production.
const ZDish = z.looseObject({ id: z.string(), price: z.number().int(), name: z.string() });

/** A server whose one route answers `dish`, and the log lines it wrote. */
async function serverAnswering(check: AnswerCheck, dish: () => unknown) {
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
  app.get('/dish', { schema: { response: { 200: ZDish } } }, async () => dish());
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
});
