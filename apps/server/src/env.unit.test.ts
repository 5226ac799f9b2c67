import { describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';

describe('the environment', () => {
  it('has defaults for a newcomer: port 3000, ./data, development', () => {
    expect(readEnv({})).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
    });
    expect(readEnv({}).DATABASE_URL).toBeUndefined();
  });

  it('treats empty values as unset', () => {
    const env = readEnv({ DATABASE_URL: '', PORT: '' });
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('names every bad variable with its value and what it must be', () => {
    expect(() =>
      readEnv({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LOG_LEVEL: 'loud',
        DEFAULT_TENANT: 'My Shop',
      }),
    ).toThrowError(
      [
        'Servery cannot start: bad environment variables',
        '  PORT="eighty": Invalid input: expected number, received NaN',
        '  DATABASE_URL="mysql://x": must be a postgres:// or postgresql:// connection URL',
        '  DEFAULT_TENANT="My Shop": must be the slug of a tenant, such as demo',
        '  LOG_LEVEL="loud": Invalid option: expected one of "fatal"|"error"|"warn"|"info"|"debug"|"trace"|"silent"',
      ].join('\n'),
    );
  });
});
