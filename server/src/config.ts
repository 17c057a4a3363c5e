/** Server configuration from the environment; every variable is in the README's table. */
import path from 'node:path';

export type ServerConfig = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  buildDir: string;
  tokenTtlMs: number;
  adminEmail: string;
  adminPassword: string;
  /** restaurant used by the bulk uploader when neither the row nor the screen names one */
  defaultRestaurantId?: string;
};

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
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    buildDir: path.resolve(env.BUILD_DIR || './build'),
    tokenTtlMs: ttlHours * 3_600_000,
    adminEmail: env.ADMIN_EMAIL || 'admin@example.com',
    adminPassword: env.ADMIN_PASSWORD || 'admin1234',
    defaultRestaurantId: env.DEFAULT_RESTAURANT_ID || undefined,
  };
}
