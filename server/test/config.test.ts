import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { checkMfaKey, demoAdmin, readConfig } from '../src/config.js';
import { demoMfaKey } from '../src/auth/mfa-crypto.js';

describe('readConfig', () => {
  test('defaults', () => {
    expect(readConfig({})).toEqual({
      port: 8080,
      host: 'localhost',
      loopbackOnly: true,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      demo: true,
      seedDemo: true,
      buildDir: path.resolve('./build'),
      tokenTtlMs: 12 * 3_600_000,
      sessionIdleMs: 30 * 60_000,
      setupLinkMs: 24 * 3_600_000,
      dormantMs: 90 * 86_400_000,
      adminEmail: undefined,
      adminPassword: undefined,
      shutdownDelayMs: 0,
      shutdownGraceMs: 10_000,
      metricsToken: undefined,
      defaultRestaurantId: undefined,
      loginThrottle: { accountMaxFailures: 5, addressMaxFailures: 20, windowMs: 1_800_000 },
      trustProxy: false,
      databaseLimits: { statementTimeoutMs: 5000, poolWaitMs: 2000, connectTimeoutMs: 60_000 },
      shedding: { maxInFlight: 100, maxEventLoopDelayMs: 1000, maxUploads: 1 },
      refundLimitsUsd: { support: 100, finance: 5000 },
      approvals: {
        refundUsd: 1000,
        feeChanges: false,
        commissionPoints: 5,
        expiryMs: 72 * 3_600_000,
      },
      requireIfMatch: false,
      eventHeartbeatMs: 25_000,
      eventBatchMs: 100,
      mfa: { required: false, encryptionKey: undefined, stepUpMs: 5 * 60_000 },
      webauthn: { rpId: 'localhost', origin: 'http://localhost:8080' },
    });
  });

  test("PUBLIC_ORIGIN: the passkeys' relying party and origin; http://localhost:<PORT> in the demo, none without it otherwise; a start-up error when it cannot work", () => {
    expect(readConfig({ PORT: '3000' }).webauthn).toEqual({
      rpId: 'localhost',
      origin: 'http://localhost:3000',
    });
    expect(readConfig({ DATABASE_URL: 'postgres://db/x' }).webauthn).toBeUndefined();
    expect(readConfig({ PUBLIC_ORIGIN: 'https://admin.example.com/' }).webauthn).toEqual({
      rpId: 'admin.example.com',
      origin: 'https://admin.example.com',
    });
    expect(readConfig({ PUBLIC_ORIGIN: 'https://admin.example.com:8443' }).webauthn).toEqual({
      rpId: 'admin.example.com',
      origin: 'https://admin.example.com:8443',
    });
    expect(readConfig({ PUBLIC_ORIGIN: 'http://localhost:4321' }).webauthn?.rpId).toBe('localhost');
    expect(() => readConfig({ PUBLIC_ORIGIN: 'admin.example.com' })).toThrow(
      'PUBLIC_ORIGIN must be the address the admins open, such as https://admin.example.com, not "admin.example.com"',
    );
    expect(() => readConfig({ PUBLIC_ORIGIN: 'https://admin.example.com/panel' })).toThrow(
      'PUBLIC_ORIGIN must be an http(s) origin without a path, such as https://admin.example.com, not "https://admin.example.com/panel"',
    );
    expect(() => readConfig({ PUBLIC_ORIGIN: 'ftp://admin.example.com' })).toThrow(
      'PUBLIC_ORIGIN must be an http(s) origin without a path',
    );
    expect(() => readConfig({ PUBLIC_ORIGIN: 'http://admin.example.com' })).toThrow(
      'PUBLIC_ORIGIN must use https (only localhost may use http), not "http://admin.example.com"',
    );
    for (const address of ['https://127.0.0.1:3000', 'https://[::1]:3000', 'http://10.0.0.5']) {
      expect(() => readConfig({ PUBLIC_ORIGIN: address })).toThrow(
        `PUBLIC_ORIGIN must name the server by a domain name (passkeys cannot use an IP address), not "${address}"`,
      );
    }
  });

  test('two-step verification: required with DATABASE_URL, not in the demo; the key 32 bytes in base64; STEP_UP_MINUTES', () => {
    const key = randomBytes(32).toString('base64');
    expect(readConfig({ DATABASE_URL: 'postgres://db/x' }).mfa.required).toBe(true);
    expect(readConfig({ DATABASE_URL: 'postgres://db/x', MFA_REQUIRED: '0' }).mfa.required).toBe(
      false,
    );
    expect(readConfig({ MFA_REQUIRED: '1' }).mfa.required).toBe(true);
    expect(readConfig({ MFA_ENCRYPTION_KEY: key }).mfa.encryptionKey).toEqual(
      Buffer.from(key, 'base64'),
    );
    expect(readConfig({ STEP_UP_MINUTES: '10' }).mfa.stepUpMs).toBe(600_000);
    expect(() => readConfig({ MFA_REQUIRED: 'yes' })).toThrow(
      'MFA_REQUIRED must be 1 or 0, not "yes"',
    );
    for (const wrong of ['short', randomBytes(16).toString('base64'), `${key}!`]) {
      expect(() => readConfig({ MFA_ENCRYPTION_KEY: wrong })).toThrow(
        'MFA_ENCRYPTION_KEY must be 32 bytes in base64 (make one with: openssl rand -base64 32)',
      );
    }
    // The server does not start without the key while MFA is required.
    expect(() => checkMfaKey(readConfig({ DATABASE_URL: 'postgres://db/x' }))).toThrow(
      'MFA_ENCRYPTION_KEY must be set while MFA_REQUIRED is 1',
    );
    expect(() =>
      checkMfaKey(readConfig({ DATABASE_URL: 'postgres://db/x', MFA_ENCRYPTION_KEY: key })),
    ).not.toThrow();
    expect(() => checkMfaKey(readConfig({}))).not.toThrow();
  });

  test('the demo makes its MFA key once in its data folder and keeps it', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'mfa-key-'));
    try {
      const first = await demoMfaKey(dir);
      expect(first).toHaveLength(32);
      expect(await demoMfaKey(dir)).toEqual(first);
      const mode = (await fs.stat(path.join(dir, 'mfa-encryption.key'))).mode & 0o777;
      expect(mode).toBe(0o600);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  test('approvals: thresholds, fee changes (on with DATABASE_URL, off in the demo), expiry', () => {
    expect(readConfig({ DATABASE_URL: 'postgres://db/x' }).approvals.feeChanges).toBe(true);
    expect(
      readConfig({
        DATABASE_URL: 'postgres://db/x',
        FEE_CHANGES_NEED_APPROVAL: '0',
        REFUND_APPROVAL_USD: '250',
        COMMISSION_APPROVAL_POINTS: '2.5',
        APPROVAL_EXPIRY_HOURS: '0.5',
      }).approvals,
    ).toEqual({ refundUsd: 250, feeChanges: false, commissionPoints: 2.5, expiryMs: 1_800_000 });
    expect(readConfig({ FEE_CHANGES_NEED_APPROVAL: '1' }).approvals.feeChanges).toBe(true);
    expect(() => readConfig({ FEE_CHANGES_NEED_APPROVAL: 'yes' })).toThrow(
      'FEE_CHANGES_NEED_APPROVAL must be 1 or 0, not "yes"',
    );
    expect(() => readConfig({ APPROVAL_EXPIRY_HOURS: '0' })).toThrow(
      'APPROVAL_EXPIRY_HOURS must be a number of hours above 0, not "0"',
    );
  });

  test('refund limits of the team roles, in USD', () => {
    expect(
      readConfig({ REFUND_LIMIT_SUPPORT_USD: '250.5', REFUND_LIMIT_FINANCE_USD: '0' })
        .refundLimitsUsd,
    ).toEqual({ support: 250.5, finance: 0 });
    expect(() => readConfig({ REFUND_LIMIT_FINANCE_USD: 'lots' })).toThrow(
      'REFUND_LIMIT_FINANCE_USD must be an amount in USD (0 or more), not "lots"',
    );
  });

  test('sessions, set-password links and dormant admins', () => {
    expect(
      readConfig({ SESSION_IDLE_MINUTES: '5', SETUP_LINK_HOURS: '0.5', DORMANT_DAYS: '30' }),
    ).toMatchObject({ sessionIdleMs: 300_000, setupLinkMs: 1_800_000, dormantMs: 30 * 86_400_000 });
    expect(() => readConfig({ SESSION_IDLE_MINUTES: '0' })).toThrow(
      'SESSION_IDLE_MINUTES must be a number of minutes above 0, not "0"',
    );
    expect(() => readConfig({ SETUP_LINK_HOURS: 'a day' })).toThrow(
      'SETUP_LINK_HOURS must be a number of hours above 0, not "a day"',
    );
    expect(() => readConfig({ DORMANT_DAYS: '-1' })).toThrow(
      'DORMANT_DAYS must be a number of days above 0, not "-1"',
    );
  });

  test('bounds on waiting for the database', () => {
    expect(
      readConfig({
        DB_STATEMENT_TIMEOUT_MS: '0',
        DB_POOL_WAIT_MS: '750',
        DB_CONNECT_TIMEOUT_SECONDS: '2.5',
      }).databaseLimits,
    ).toEqual({ statementTimeoutMs: 0, poolWaitMs: 750, connectTimeoutMs: 2500 });
    expect(() => readConfig({ DB_POOL_WAIT_MS: '-1' })).toThrow(
      'DB_POOL_WAIT_MS must be a whole number of milliseconds (0 for none), not "-1"',
    );
  });

  test('load shedding bounds', () => {
    expect(
      readConfig({
        SHED_MAX_IN_FLIGHT: '0',
        SHED_MAX_EVENT_LOOP_DELAY_MS: '250',
        SHED_MAX_UPLOADS: '5',
      }).shedding,
    ).toEqual({ maxInFlight: 0, maxEventLoopDelayMs: 250, maxUploads: 5 });
    expect(() => readConfig({ SHED_MAX_UPLOADS: '-1' })).toThrow(
      'SHED_MAX_UPLOADS must be a whole number of uploads (0 for no bound), not "-1"',
    );
    expect(() => readConfig({ SHED_MAX_IN_FLIGHT: '1.5' })).toThrow(
      'SHED_MAX_IN_FLIGHT must be a whole number of requests (0 for no bound), not "1.5"',
    );
  });

  test('TRUST_PROXY: none, a number of hops, or addresses and ranges', () => {
    expect(readConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(readConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
    expect(
      readConfig({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.5,loopback,fd00::/8' }).trustProxy,
    ).toEqual(['10.0.0.0/8', '192.0.2.5', 'loopback', 'fd00::/8']);
    for (const wrong of ['true', '10.0.0.0/33', '300.1.1.1', '10.0.0.0/8/1', '10.0.0.0/x']) {
      expect(() => readConfig({ TRUST_PROXY: `loopback,${wrong}` })).toThrow(
        `TRUST_PROXY must be a number of proxies or a comma-separated list of their addresses or CIDR ranges (or loopback, linklocal, uniquelocal); "${wrong}" is none of these`,
      );
    }
  });

  test('sign-in throttling limits', () => {
    expect(
      readConfig({
        LOGIN_MAX_FAILURES_PER_ACCOUNT: '3',
        LOGIN_MAX_FAILURES_PER_ADDRESS: '50',
        LOGIN_THROTTLE_MINUTES: '0.5',
      }).loginThrottle,
    ).toEqual({ accountMaxFailures: 3, addressMaxFailures: 50, windowMs: 30_000 });
    expect(() => readConfig({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '0' })).toThrow(
      'LOGIN_MAX_FAILURES_PER_ACCOUNT must be a whole number above 0, not "0"',
    );
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
      SHUTDOWN_DELAY_SECONDS: '5',
      SHUTDOWN_GRACE_SECONDS: '30',
    });
    expect(config).toMatchObject({
      port: 9090,
      host: '0.0.0.0',
      loopbackOnly: false,
      dataDir: '/srv/data',
      databaseUrl: 'postgres://db/x',
      demo: false,
      seedDemo: false,
      tokenTtlMs: 1_800_000,
      adminEmail: 'root@example.com',
      adminPassword: undefined,
      shutdownDelayMs: 5_000,
      shutdownGraceMs: 30_000,
    });
  });

  test.each([
    [{ PORT: 'eighty' }, 'PORT must be a port number (0 to 65535), not "eighty"'],
    [{ PORT: '70000' }, /PORT must be a port number/],
    [{ TOKEN_TTL_HOURS: '0' }, 'TOKEN_TTL_HOURS must be a number of hours above 0, not "0"'],
    [{ TOKEN_TTL_HOURS: '12h' }, /TOKEN_TTL_HOURS/],
    [{ SEED_DEMO: 'yes' }, 'SEED_DEMO must be 1 or 0, not "yes"'],
    [{ REQUIRE_IF_MATCH: 'true' }, 'REQUIRE_IF_MATCH must be 1 or 0, not "true"'],
    [{ SHUTDOWN_GRACE_SECONDS: '-1' }, /SHUTDOWN_GRACE_SECONDS must be a number of seconds/],
    [{ SHUTDOWN_DELAY_SECONDS: 'soon' }, /SHUTDOWN_DELAY_SECONDS must be a number of seconds/],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => readConfig(env)).toThrow(message);
  });

  test('demo mode listens on loopback unless HOST says otherwise; DATABASE_URL on every interface', () => {
    expect(readConfig({})).toMatchObject({ host: 'localhost', loopbackOnly: true, demo: true });
    expect(readConfig({ HOST: '0.0.0.0' })).toMatchObject({ host: '0.0.0.0', loopbackOnly: false });
    expect(readConfig({ DATABASE_URL: 'postgres://db/x' })).toMatchObject({
      host: '0.0.0.0',
      loopbackOnly: false,
      seedDemo: false,
    });
    expect(readConfig({ DATABASE_URL: 'postgres://db/x', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  test('REQUIRE_IF_MATCH=1 makes If-Match required on versioned writes; off by default', () => {
    expect(readConfig({}).requireIfMatch).toBe(false);
    expect(readConfig({ REQUIRE_IF_MATCH: '1' }).requireIfMatch).toBe(true);
  });

  test('the demo admin is ADMIN_EMAIL / ADMIN_PASSWORD when given, else the published one', () => {
    expect(demoAdmin(readConfig({}))).toEqual({
      adminEmail: 'admin@example.com',
      adminPassword: 'admin1234',
    });
    expect(demoAdmin(readConfig({ ADMIN_EMAIL: 'a@b.org', ADMIN_PASSWORD: 'x y z w' }))).toEqual({
      adminEmail: 'a@b.org',
      adminPassword: 'x y z w',
    });
  });
});
