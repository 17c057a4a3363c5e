/** Server configuration from the environment; every variable is in the README's table. */
import { isIP } from 'node:net';
import path from 'node:path';
import type { DatabaseLimits } from './db/client.js';
import type { SheddingLimits } from './ops/load-shedding.js';

/** The demo's administrator, published in the README: seeded only with the demo data. */
export const DEMO_ADMIN = { adminEmail: 'admin@example.com', adminPassword: 'admin1234' };

export type ServerConfig = {
  port: number;
  /** where to listen: HOST, else loopback in demo mode and every interface with DATABASE_URL */
  host: string;
  /** HOST was not set and the demo listens on loopback only */
  loopbackOnly: boolean;
  dataDir: string;
  databaseUrl?: string;
  /** demo mode: no DATABASE_URL, the embedded database with the demo data */
  demo: boolean;
  /** seed the demo data into an empty database: always in demo mode, else with SEED_DEMO=1 */
  seedDemo: boolean;
  buildDir: string;
  tokenTtlMs: number;
  /** a session unused by the admin's own requests this long is refused (auth/sessions.ts) */
  sessionIdleMs: number;
  /** how long a one-time set-password link stays valid */
  setupLinkMs: number;
  /** an admin who has not signed in this long is marked dormant on the Team screen */
  dormantMs: number;
  /** ADMIN_EMAIL and ADMIN_PASSWORD as given (the first administrator; never printed) */
  adminEmail?: string;
  adminPassword?: string;
  /** after SIGTERM, how long readiness is 503 while requests are still served */
  shutdownDelayMs: number;
  /** then how long requests in flight may run before the process ends anyway */
  shutdownGraceMs: number;
  /** GET /metrics is served, with this bearer token, only when it is set */
  metricsToken?: string;
  /** restaurant used by the bulk uploader when neither the row nor the screen names one */
  defaultRestaurantId?: string;
  /** sign-in throttling (server/src/auth/login-throttle.ts) */
  loginThrottle: LoginThrottleConfig;
  /**
   * Which proxies' X-Forwarded-For to believe for the client address (throttling, audit trail):
   * false (none: the socket's peer), a number of proxy hops, or their addresses and CIDR ranges.
   */
  trustProxy: false | number | string[];
  /** bounds on waiting for the database (db/client.ts) */
  databaseLimits: DatabaseLimits;
  /** when API requests are answered 503 at once instead of queued (ops/load-shedding.ts) */
  shedding: SheddingLimits;
  /** the largest single refund of each limited team role, in USD (auth/refund-limit.ts) */
  refundLimitsUsd: RefundLimitsUsd;
  /** which refunds and fee changes need another admin's approval (auth/approval-gate.ts) */
  approvals: ApprovalConfig;
  /** REQUIRE_IF_MATCH=1: a versioned write without If-Match is refused with 428 */
  requireIfMatch: boolean;
  /** how often an open event stream (GET /events) gets a heartbeat comment */
  eventHeartbeatMs: number;
  /** the longest a live change waits to be written to a stream with the next ones (lib/event-batch.ts) */
  eventBatchMs: number;
  /** two-step sign-in and step-up (auth/mfa.ts, auth/step-up.ts) */
  mfa: MfaConfig;
  /**
   * PUBLIC_ORIGIN (default http://localhost:<PORT> in demo mode): the passkeys' relying party
   * (its host name) and the origin their answers must come from (auth/webauthn.ts). Without
   * it passkeys are off.
   */
  webauthn?: WebAuthnConfig;
};

export type WebAuthnConfig = { rpId: string; origin: string };

type MfaConfig = {
  /** MFA_REQUIRED: no admin gets a token without a second factor (default with DATABASE_URL) */
  required: boolean;
  /**
   * MFA_ENCRYPTION_KEY (32 bytes): the factors' secrets are encrypted with it. Unset in demo
   * mode until main.ts reads or makes the data folder's; the server does not start without it
   * while MFA is required (`checkMfaKey`).
   */
  encryptionKey?: Buffer;
  /** STEP_UP_MINUTES: how long a confirmed factor lets the session do step-up operations */
  stepUpMs: number;
};

type ApprovalConfig = {
  /** a refund above this, in USD, needs approval whoever asks (REFUND_APPROVAL_USD) */
  refundUsd: number;
  /** the platform fee and commission changes above `commissionPoints` need approval */
  feeChanges: boolean;
  /** a commission change by more than this many percentage points needs approval */
  commissionPoints: number;
  /** how long a request waits for a decision before it expires */
  expiryMs: number;
};

export type RefundLimitsUsd = { support: number; finance: number };

export type LoginThrottleConfig = {
  /** failed sign-ins of one account (email) within `windowMs` before it must wait */
  accountMaxFailures: number;
  /** failed sign-ins from one client address within `windowMs` before it must wait */
  addressMaxFailures: number;
  /** the counting window, and how long a key waits once it reached its limit */
  windowMs: number;
};

/**
 * API requests served at once before more are shed (SHED_MAX_IN_FLIGHT); sized from the
 * measurement in docs/deploying.md ("Shedding load").
 */
const DEFAULT_MAX_IN_FLIGHT = 100;
/**
 * Multipart uploads received at once before more are shed (SHED_MAX_UPLOADS); sized from the
 * measurement in docs/deploying.md ("Large uploads").
 */
const DEFAULT_MAX_UPLOADS = 1;

/** MFA_ENCRYPTION_KEY as 32 bytes, or a start-up error saying what it must be. */
function mfaKeyFrom(env: NodeJS.ProcessEnv): Buffer | undefined {
  const text = env.MFA_ENCRYPTION_KEY?.trim();
  if (!text) return undefined;
  const key = /^[A-Za-z0-9+/]+={0,2}$/.test(text) ? Buffer.from(text, 'base64') : Buffer.alloc(0);
  if (key.length !== 32) {
    throw new ConfigError(
      'MFA_ENCRYPTION_KEY must be 32 bytes in base64 (make one with: openssl rand -base64 32)',
    );
  }
  return key;
}

/**
 * PUBLIC_ORIGIN as the relying party of passkeys: an http(s) origin (no path), https unless the
 * host is localhost, and a domain name (a passkey cannot be bound to an IP address).
 */
function publicOriginFrom(
  env: NodeJS.ProcessEnv,
  demo: boolean,
  port: number,
): WebAuthnConfig | undefined {
  const text = env.PUBLIC_ORIGIN?.trim().replace(/\/$/, '');
  if (!text) return demo ? { rpId: 'localhost', origin: `http://localhost:${port}` } : undefined;
  const fail = (why: string) => new ConfigError(`PUBLIC_ORIGIN ${why}, not "${env.PUBLIC_ORIGIN}"`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw fail('must be the address the admins open, such as https://admin.example.com');
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.origin !== text) {
    throw fail('must be an http(s) origin without a path, such as https://admin.example.com');
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    throw fail('must name the server by a domain name (passkeys cannot use an IP address)');
  }
  const local = host === 'localhost' || host.endsWith('.localhost');
  if (url.protocol === 'http:' && !local)
    throw fail('must use https (only localhost may use http)');
  return { rpId: host, origin: url.origin };
}

/** The server does not start without the key while MFA is required. */
export function checkMfaKey(config: Pick<ServerConfig, 'mfa'>): void {
  if (config.mfa.required && !config.mfa.encryptionKey) {
    throw new ConfigError(
      'MFA_ENCRYPTION_KEY must be set while MFA_REQUIRED is 1: 32 bytes in base64 (make one with: openssl rand -base64 32)',
    );
  }
}

/** A configuration variable the server cannot use; the message names it. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** A number from the environment, or a start-up error that names the variable. */
function numberFrom(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  valid: (value: number) => boolean,
  expected: string,
): number {
  const text = env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  if (!valid(value)) throw new ConfigError(`${name} must be ${expected}, not "${env[name]}"`);
  return value;
}

const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR range (address/prefix length) or one of proxy-addr's named ranges. */
function isProxyRange(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d+$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

/** TRUST_PROXY: unset or 0 (none), a number of hops, or a comma-separated list of ranges. */
function trustProxyFrom(env: NodeJS.ProcessEnv): ServerConfig['trustProxy'] {
  const text = env.TRUST_PROXY?.trim();
  if (!text || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isProxyRange(entry));
  if (wrong !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY must be a number of proxies or a comma-separated list of their addresses or CIDR ranges (or loopback, linklocal, uniquelocal); "${wrong}" is none of these`,
    );
  }
  return entries;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = numberFrom(
    env,
    'PORT',
    8080,
    (value) => Number.isInteger(value) && value >= 0 && value <= 65535,
    'a port number (0 to 65535)',
  );
  const ttlHours = numberFrom(
    env,
    'TOKEN_TTL_HOURS',
    12,
    (value) => Number.isFinite(value) && value > 0,
    'a number of hours above 0',
  );
  const positive = (value: number) => Number.isFinite(value) && value > 0;
  const idleMinutes = numberFrom(
    env,
    'SESSION_IDLE_MINUTES',
    30,
    positive,
    'a number of minutes above 0',
  );
  const setupLinkHours = numberFrom(
    env,
    'SETUP_LINK_HOURS',
    24,
    positive,
    'a number of hours above 0',
  );
  const dormantDays = numberFrom(env, 'DORMANT_DAYS', 90, positive, 'a number of days above 0');
  const graceSeconds = numberFrom(
    env,
    'SHUTDOWN_GRACE_SECONDS',
    10,
    (value) => Number.isFinite(value) && value >= 0,
    'a number of seconds (0 or more)',
  );
  const delaySeconds = numberFrom(
    env,
    'SHUTDOWN_DELAY_SECONDS',
    0,
    (value) => Number.isFinite(value) && value >= 0,
    'a number of seconds (0 or more)',
  );
  const databaseUrl = env.DATABASE_URL || undefined;
  const demo = !databaseUrl;
  const seedDemoFlag = env.SEED_DEMO?.trim() ?? '';
  if (!['', '0', '1'].includes(seedDemoFlag)) {
    throw new ConfigError(`SEED_DEMO must be 1 or 0, not "${env.SEED_DEMO}"`);
  }
  const requireIfMatchFlag = env.REQUIRE_IF_MATCH?.trim() ?? '';
  if (!['', '0', '1'].includes(requireIfMatchFlag)) {
    throw new ConfigError(`REQUIRE_IF_MATCH must be 1 or 0, not "${env.REQUIRE_IF_MATCH}"`);
  }
  const wholeAboveZero = (value: number) => Number.isInteger(value) && value > 0;
  const loginThrottle = {
    accountMaxFailures: numberFrom(
      env,
      'LOGIN_MAX_FAILURES_PER_ACCOUNT',
      5,
      wholeAboveZero,
      'a whole number above 0',
    ),
    addressMaxFailures: numberFrom(
      env,
      'LOGIN_MAX_FAILURES_PER_ADDRESS',
      20,
      wholeAboveZero,
      'a whole number above 0',
    ),
    windowMs:
      numberFrom(
        env,
        'LOGIN_THROTTLE_MINUTES',
        30,
        (value) => Number.isFinite(value) && value > 0,
        'a number of minutes above 0',
      ) * 60_000,
  };
  const wholeOrZero = (value: number) => Number.isInteger(value) && value >= 0;
  const databaseLimits: DatabaseLimits = {
    statementTimeoutMs: numberFrom(
      env,
      'DB_STATEMENT_TIMEOUT_MS',
      5000,
      wholeOrZero,
      'a whole number of milliseconds (0 for none)',
    ),
    poolWaitMs: numberFrom(
      env,
      'DB_POOL_WAIT_MS',
      2000,
      wholeOrZero,
      'a whole number of milliseconds (0 for none)',
    ),
    connectTimeoutMs:
      numberFrom(
        env,
        'DB_CONNECT_TIMEOUT_SECONDS',
        60,
        (value) => Number.isFinite(value) && value >= 0,
        'a number of seconds (0 or more)',
      ) * 1000,
  };
  const shedding: SheddingLimits = {
    maxInFlight: numberFrom(
      env,
      'SHED_MAX_IN_FLIGHT',
      DEFAULT_MAX_IN_FLIGHT,
      wholeOrZero,
      'a whole number of requests (0 for no bound)',
    ),
    maxEventLoopDelayMs: numberFrom(
      env,
      'SHED_MAX_EVENT_LOOP_DELAY_MS',
      1000,
      wholeOrZero,
      'a whole number of milliseconds (0 for no bound)',
    ),
    maxUploads: numberFrom(
      env,
      'SHED_MAX_UPLOADS',
      DEFAULT_MAX_UPLOADS,
      wholeOrZero,
      'a whole number of uploads (0 for no bound)',
    ),
  };
  const usdAmount = (value: number) => Number.isFinite(value) && value >= 0;
  const refundLimitsUsd = {
    support: numberFrom(
      env,
      'REFUND_LIMIT_SUPPORT_USD',
      100,
      usdAmount,
      'an amount in USD (0 or more)',
    ),
    finance: numberFrom(
      env,
      'REFUND_LIMIT_FINANCE_USD',
      5000,
      usdAmount,
      'an amount in USD (0 or more)',
    ),
  };
  const feeChangesFlag = env.FEE_CHANGES_NEED_APPROVAL?.trim() ?? '';
  if (!['', '0', '1'].includes(feeChangesFlag)) {
    throw new ConfigError(
      `FEE_CHANGES_NEED_APPROVAL must be 1 or 0, not "${env.FEE_CHANGES_NEED_APPROVAL}"`,
    );
  }
  const approvals: ApprovalConfig = {
    refundUsd: numberFrom(
      env,
      'REFUND_APPROVAL_USD',
      1000,
      usdAmount,
      'an amount in USD (0 or more)',
    ),
    feeChanges: feeChangesFlag ? feeChangesFlag === '1' : !demo,
    commissionPoints: numberFrom(
      env,
      'COMMISSION_APPROVAL_POINTS',
      5,
      (value) => Number.isFinite(value) && value >= 0,
      'a number of percentage points (0 or more)',
    ),
    expiryMs:
      numberFrom(
        env,
        'APPROVAL_EXPIRY_HOURS',
        72,
        (value) => Number.isFinite(value) && value > 0,
        'a number of hours above 0',
      ) * 3_600_000,
  };
  const mfaRequiredFlag = env.MFA_REQUIRED?.trim() ?? '';
  if (!['', '0', '1'].includes(mfaRequiredFlag)) {
    throw new ConfigError(`MFA_REQUIRED must be 1 or 0, not "${env.MFA_REQUIRED}"`);
  }
  const mfa: MfaConfig = {
    required: mfaRequiredFlag ? mfaRequiredFlag === '1' : !demo,
    encryptionKey: mfaKeyFrom(env),
    stepUpMs:
      numberFrom(env, 'STEP_UP_MINUTES', 5, positive, 'a number of minutes above 0') * 60_000,
  };
  return {
    port,
    host: env.HOST || (demo ? 'localhost' : '0.0.0.0'),
    loopbackOnly: demo && !env.HOST,
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    demo,
    seedDemo: demo || seedDemoFlag === '1',
    buildDir: path.resolve(env.BUILD_DIR || './build'),
    tokenTtlMs: ttlHours * 3_600_000,
    sessionIdleMs: idleMinutes * 60_000,
    setupLinkMs: setupLinkHours * 3_600_000,
    dormantMs: dormantDays * 86_400_000,
    adminEmail: env.ADMIN_EMAIL?.trim() || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    shutdownDelayMs: delaySeconds * 1000,
    shutdownGraceMs: graceSeconds * 1000,
    metricsToken: env.METRICS_TOKEN || undefined,
    defaultRestaurantId: env.DEFAULT_RESTAURANT_ID || undefined,
    loginThrottle,
    trustProxy: trustProxyFrom(env),
    databaseLimits,
    shedding,
    refundLimitsUsd,
    approvals,
    requireIfMatch: requireIfMatchFlag === '1',
    eventHeartbeatMs: 25_000,
    eventBatchMs: 100,
    mfa,
    webauthn: publicOriginFrom(env, demo, port),
  };
}

/** The administrator of the demo data: ADMIN_EMAIL / ADMIN_PASSWORD when given, else the demo's. */
export function demoAdmin(config: Pick<ServerConfig, 'adminEmail' | 'adminPassword'>) {
  return {
    adminEmail: config.adminEmail ?? DEMO_ADMIN.adminEmail,
    adminPassword: config.adminPassword ?? DEMO_ADMIN.adminPassword,
  };
}
