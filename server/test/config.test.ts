import path from 'node:path';
import { readConfig } from '../src/config.js';

describe('readConfig', () => {
  test('defaults', () => {
    expect(readConfig({})).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      buildDir: path.resolve('./build'),
      tokenTtlMs: 12 * 3_600_000,
      adminEmail: 'admin@example.com',
      adminPassword: 'admin1234',
      defaultRestaurantId: undefined,
    });
  });

  test('reads every variable; empty ones fall back to the default', () => {
    const config = readConfig({
      PORT: '9090',
      HOST: '',
      DATA_DIR: '/srv/data',
      DATABASE_URL: 'postgres://db/x',
      TOKEN_TTL_HOURS: '0.5',
      ADMIN_EMAIL: 'root@example.com',
      ADMIN_PASSWORD: '',
    });
    expect(config).toMatchObject({
      port: 9090,
      host: '0.0.0.0',
      dataDir: '/srv/data',
      databaseUrl: 'postgres://db/x',
      tokenTtlMs: 1_800_000,
      adminEmail: 'root@example.com',
      adminPassword: 'admin1234',
    });
  });

  test.each([
    [{ PORT: 'eighty' }, 'PORT must be a port number (0 to 65535), not "eighty"'],
    [{ PORT: '70000' }, /PORT must be a port number/],
    [{ TOKEN_TTL_HOURS: '0' }, 'TOKEN_TTL_HOURS must be a number of hours above 0, not "0"'],
    [{ TOKEN_TTL_HOURS: '12h' }, /TOKEN_TTL_HOURS/],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });
});
