import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_RESPONSES, ZErrorEnvelope } from '@servery/contract/api-responses';
import { unnamedFields } from '../../test/answer-fields.ts';
import { importTestTenant, makeCatalogueDocument } from '../../test/factories.ts';
import { signInCustomer } from '../../test/sign-in.ts';
import { staffAgent } from '../../test/staff.ts';
import { createTestApp } from '../../test/test-app.ts';

// Issue 12, point 10: the OpenAPI document is the whole contract, and no request a client can
// make gets a server error or an answer outside it.
type OpenApi = {
  paths: Record<
    string,
    Record<string, { responses?: Record<string, unknown>; security?: unknown }>
  >;
};

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let doc: OpenApi;
const shop = makeCatalogueDocument();
const host = shop.hosts[0]!.host;

beforeAll(async () => {
  ctx = await createTestApp();
  await importTestTenant(ctx.db, shop);
  doc = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(() => ctx.close());

/**
 * A customer of the test's own: the generated requests may sign theirs out or delete the
 * account, so no other test may hold that token.
 */
const customerToken = async (on = host) =>
  (await signInCustomer(ctx.app, ctx.db, on, { email: `fuzz-${randomUUID()}@example.com` })).token;

const toOpenApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const operations = () =>
  ctx.app.apiOperations.map((key) => {
    const [method, path] = key.split(' ') as [string, string];
    return { key, method, path };
  });

describe('the OpenAPI document', () => {
  it('documents every operation the server has, each with a 2xx answer and the error envelope', () => {
    const problems: string[] = [];
    for (const { key, method, path } of operations()) {
      const operation = doc.paths[toOpenApiPath(path)]?.[method.toLowerCase()];
      if (!operation) {
        problems.push(`${key}: not in the document`);
        continue;
      }
      const statuses = Object.keys(operation.responses ?? {});
      if (!statuses.some((s) => /^2\d\d$/.test(s))) problems.push(`${key}: no 2xx answer`);
      if (!statuses.includes('4XX') && !statuses.includes('4xx')) {
        problems.push(`${key}: no 4xx error envelope`);
      }
    }
    expect(problems).toEqual([]);
    expect(operations().length).toBeGreaterThanOrEqual(40);
  });

  it('declares the bearer token, the Idempotency-Key header and the Stripe webhook', () => {
    expect(doc.paths['/api/orders']!.get!.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/home']!.get!.security).toBeUndefined();
    for (const path of ['/api/order', '/api/booking']) {
      const parameters = (doc.paths[path]!.post as { parameters?: { name: string; in: string }[] })
        .parameters;
      expect(parameters).toContainEqual(
        expect.objectContaining({ name: 'idempotency-key', in: 'header' }),
      );
    }
    expect(doc.paths['/api/webhooks/stripe']!.post).toBeDefined();
  });

  it('serves an interactive reference from this server, and the JSON beside it', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/', headers: { host } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).not.toMatch(/https?:\/\/(?!localhost)[^"']*\.(js|css)/);
    const json = await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(json.json().openapi).toMatch(/^3\./);
  });

  it('answers a path parameter of any length in the envelope', async () => {
    const token = await customerToken();
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/orders/${'a'.repeat(300)}`,
      headers: { host, authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(ZErrorEnvelope.safeParse(res.json()).success).toBe(true);
  });
});

/** Values a careless or hostile client sends: JSON of every shape, odd strings, long ones. */
const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.dictionary(
    fc.constantFrom(
      'email',
      'phone',
      'otp',
      'name',
      'date',
      'time',
      'store_id',
      'lines',
      'status',
      'role',
      'store_ids',
      'number_of_people',
      'message',
      'order_type',
      'code',
      'order_id',
      'page',
    ),
    fc.jsonValue({ maxDepth: 2 }),
  ),
);
const segment = fc.oneof(
  fc.uuid(),
  fc.string({ maxLength: 40 }),
  fc.constantFrom('', '..', '%00', 'privacy', 'ZZZ', '0', '-1', 'a'.repeat(200)),
);
const query = fc.dictionary(
  fc.constantFrom(
    'date',
    'store_id',
    'order_type',
    'page',
    'from',
    'to',
    'actor',
    'entity',
    'limit',
    'before',
    'x',
  ),
  fc.string({ maxLength: 30 }),
);

describe('requests generated from the document', () => {
  it('never get a server error, and every answer matches its documented schema', async () => {
    // A shop of its own: the generated requests change its settings, staff and orders at will.
    const fuzzed = await importTestTenant(ctx.db, makeCatalogueDocument());
    const fuzzedHost = fuzzed.hosts[0]!.host;
    const token = await customerToken(fuzzedHost);
    const owner = await staffAgent(ctx.app, ctx.db, fuzzed, 'owner');
    const failures: string[] = [];
    let cases = 0;
    const who = fc.constantFrom<'anonymous' | 'customer' | 'staff'>(
      'anonymous',
      'customer',
      'staff',
    );
    for (const { key, method, path } of operations()) {
      // Signing the owner out or asking codes would end the run's own session; the event
      // stream never ends (modules/live-events tests it over a real connection).
      if (
        key === 'POST /api/admin/session/code' ||
        key === 'DELETE /api/admin/session' ||
        key === 'GET /api/admin/events'
      ) {
        continue;
      }
      await fc.assert(
        fc.asyncProperty(
          fc.array(segment, { minLength: 3, maxLength: 3 }),
          query,
          anyJson,
          who,
          async (segments, q, body, caller) => {
            cases++;
            let n = 0;
            const url = path.replace(/:\w+/g, () => encodeURIComponent(segments[n++] ?? 'x'));
            const search = new URLSearchParams(q).toString();
            const headers: Record<string, string> = {
              host: fuzzedHost,
              origin: `http://${fuzzedHost}`,
            };
            if (caller === 'customer') headers.authorization = `Bearer ${token}`;
            if (caller === 'staff') headers.cookie = owner.cookie;
            const res = await ctx.app.inject({
              method: method as 'GET',
              url: search ? `${url}?${search}` : url,
              headers,
              ...(method === 'GET' || method === 'DELETE' ? {} : { payload: body as object }),
            });
            if (res.statusCode >= 500 && !(key === 'GET /readyz' && res.statusCode === 503)) {
              failures.push(`${key} ${res.statusCode}: ${res.body.slice(0, 200)}`);
              return;
            }
            if (res.statusCode === 304 || res.body === '') return;
            const answer = res.json();
            const documented = API_RESPONSES[key]!;
            const schema = res.statusCode < 400 ? documented.schema : ZErrorEnvelope;
            if (res.statusCode < 400 && res.statusCode !== documented.status) {
              failures.push(`${key}: undocumented status ${res.statusCode}`);
            }
            const parsed = schema.safeParse(answer);
            if (!parsed.success || answer.status !== res.statusCode) {
              failures.push(
                `${key} ${res.statusCode}: answer outside the schema: ${res.body.slice(0, 200)}`,
              );
            }
            // Every field it sends is named by the schema, so the web's type (read from it) has it.
            for (const field of unnamedFields(schema, answer)) {
              failures.push(`${key} ${res.statusCode}: ${field} is not in the schema`);
            }
          },
        ),
        { seed: Number(process.env.FUZZ_SEED ?? 12), numRuns: Number(process.env.FUZZ_RUNS ?? 25) },
      );
    }
    expect([...new Set(failures)].slice(0, 40)).toEqual([]);
    expect(cases).toBeGreaterThan(1000);
  });
});
