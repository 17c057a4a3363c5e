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

export function readConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  return {
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    buildDir: path.resolve(env.BUILD_DIR ?? './build'),
    tokenTtlMs: Number(env.TOKEN_TTL_HOURS ?? 12) * 3_600_000,
    adminEmail: env.ADMIN_EMAIL ?? 'admin@example.com',
    adminPassword: env.ADMIN_PASSWORD ?? 'admin1234',
    defaultRestaurantId: env.DEFAULT_RESTAURANT_ID || undefined,
  };
}
