import { describe, expect, it } from 'vitest';
import { serverRefusal, staleCurrent } from './server-error.ts';

describe('serverRefusal', () => {
  it('reads the status, message and field errors of a refusal as RTK Query hands it over', () => {
    const refusal = serverRefusal({
      status: 400,
      data: {
        status: 400,
        message: 'Check the name: Please give a name.',
        data: null,
        errors: { name: 'Please give a name.', 'lines.2.quantity': 'At most 99', odd: 7 },
      },
    });
    expect(refusal).toMatchObject({
      status: 400,
      message: 'Check the name: Please give a name.',
      // A value that is not words is nobody's message.
      errors: { name: 'Please give a name.', 'lines.2.quantity': 'At most 99' },
    });
  });

  it('is null when no answer came: a network failure, a body that was not JSON, no error', () => {
    expect(serverRefusal({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(
      null,
    );
    expect(
      serverRefusal({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: '' }),
    ).toBe(null);
    expect(serverRefusal(undefined)).toBe(null);
    expect(serverRefusal(new Error('boom'))).toBe(null);
  });

  it('keeps a refusal whose body is not the envelope, with no message and no field errors', () => {
    expect(serverRefusal({ status: 502, data: 'Bad gateway' })).toEqual({
      status: 502,
      message: null,
      errors: {},
      body: {},
    });
  });
});

describe('staleCurrent', () => {
  const dish = { id: 'd1', name: 'Lamb rogan josh', version: 4 };

  it('gives the thing as it is now from a stale save’s 409', () => {
    const error = { status: 409, data: { status: 409, message: 'Saved first', current: dish } };
    expect(staleCurrent<typeof dish>(error)).toEqual(dish);
  });

  it('is null for any other refusal, even one that carries a `current`', () => {
    expect(staleCurrent({ status: 400, data: { current: dish } })).toBe(null);
    expect(staleCurrent({ status: 409, data: { message: 'Already cancelled' } })).toBe(null);
    expect(staleCurrent({ status: 'FETCH_ERROR' })).toBe(null);
  });
});
