import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const REPO_ROOT = path.resolve(here, '../../..');

/** Every setting of the server, read from the environment once (see the README's configuration table). */
export interface AppConfig {
  host: string;
  port: number;
  databaseUrl: string;
  webDistDir: string;
  logLevel: string;
  /** TCP port of the JT/T 808 gateway; null keeps the gateway off (API tests). 0 picks a free port. */
  jt808Port: number | null;
  /** Trucks the demo fleet simulator drives; 0 turns it off. */
  simulatorVehicles: number;
  /** Where uploaded files are kept. */
  uploadDir: string;
  uploadMaxBytes: number;
  /** Address of the external boss screen (opened in a new tab), if any. */
  bossScreenUrl: string | null;
  /** JSON file with extra brand skins chosen by host name. */
  brandsFile: string | null;
  /** Idle lifetime of an access token. */
  tokenIdleMs: number;
  /** Lifetime of a refresh token. */
  refreshTokenMs: number;
  /** Login attempts per minute and client address. */
  loginRateLimit: number;
  /** Seed the demo fleet into an empty database. */
  seedDemo: boolean;
  /** Injectable clock, so tests can move time. */
  now: () => number;
}

function intEnv(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0)
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  return value;
}

/** Relative paths are taken from where the command was started (npm sets INIT_CWD), not the workspace. */
function resolvePath(env: NodeJS.ProcessEnv, p: string): string {
  return path.resolve(env.INIT_CWD || process.cwd(), p);
}

function databaseUrl(env: NodeJS.ProcessEnv): string {
  const url = env.DATABASE_URL;
  if (!url) return `sqlite:${path.join(REPO_ROOT, 'data/fleet.db')}`;
  if (url.startsWith('sqlite:') && url !== 'sqlite::memory:')
    return `sqlite:${resolvePath(env, url.slice(7))}`;
  return url;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    host: env.HOST || '127.0.0.1',
    port: intEnv(env, 'PORT', 8080),
    databaseUrl: databaseUrl(env),
    webDistDir: env.WEB_DIST_DIR ? resolvePath(env, env.WEB_DIST_DIR) : path.join(REPO_ROOT, 'apps/web/dist'),
    logLevel: env.LOG_LEVEL || 'info',
    jt808Port: env.JT808_PORT === 'off' ? null : intEnv(env, 'JT808_PORT', 6808),
    simulatorVehicles: intEnv(env, 'SIMULATOR_VEHICLES', 50),
    uploadDir: env.UPLOAD_DIR ? resolvePath(env, env.UPLOAD_DIR) : path.join(REPO_ROOT, 'data/uploads'),
    uploadMaxBytes: intEnv(env, 'UPLOAD_MAX_MB', 20) * 1024 * 1000,
    bossScreenUrl: env.BOSS_SCREEN_URL || null,
    brandsFile: env.BRANDS_FILE ? resolvePath(env, env.BRANDS_FILE) : null,
    tokenIdleMs: intEnv(env, 'TOKEN_IDLE_HOURS', 12) * 3600_000,
    refreshTokenMs: intEnv(env, 'REFRESH_TOKEN_DAYS', 30) * 86400_000,
    loginRateLimit: intEnv(env, 'LOGIN_RATE_LIMIT', 30),
    seedDemo: env.SEED_DEMO !== '0',
    now: Date.now,
  };
}
