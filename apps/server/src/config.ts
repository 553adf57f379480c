import { isIP } from 'node:net';
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
  // --- Demo fleet simulator (simulator/) ---
  /** Simulated seconds per real second (fast-forward demo; the platform's clock runs as fast). 1 normally. */
  simulatorSpeedup: number;
  /** Seconds between the location reports of a moving simulated truck. */
  simulatorReportSeconds: number;
  // --- JT/T 808 gateway and ingest (telematics/gateway, telematics/ingest) ---
  /** Address the JT/T 808 gateway listens on (default: HOST). */
  jt808Host: string;
  /** A connection that sends no frame for this long is closed and its vehicle marked offline. */
  jt808IdleMs: number;
  /** How long a platform command (0x8201 location query, 0x8300 text) waits for the terminal's answer. */
  jt808ReplyTimeoutMs: number;
  /** Connections one address may hold before they authenticate (JT808_PRE_AUTH_PER_ADDRESS). */
  jt808PreAuthPerAddress: number;
  /** A connection not authenticated this long after connecting is closed (JT808_PRE_AUTH_SECONDS). */
  jt808PreAuthMs: number;
  /** Standing still (speed 0 or ACC off) longer than this ends a trip and starts a stop. */
  stopThresholdMs: number;
  /** SQLite on a file: group commits written by a thread of their own (INGEST_WRITER_THREAD). */
  ingestWriterThread: boolean;
  /** Where uploaded files are kept. */
  uploadDir: string;
  uploadMaxBytes: number;
  /** Days a finished export's file is kept for download (FILE_TASK_KEEP_DAYS). */
  fileTaskKeepDays: number;
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
  /** SMS codes one client address may ask for per hour (SMS_RATE_LIMIT). */
  smsRateLimit: number;
  /** SMS codes one phone number may receive per day (SMS_DAILY_LIMIT). */
  smsDailyLimit: number;
  /** Proxies whose X-Forwarded-For is believed (TRUST_PROXY): addresses or CIDRs; empty believes none. */
  trustProxy: string[];
  /** Seed the demo fleet into an empty database. */
  seedDemo: boolean;
  /** With the demo fleet, a day of past alarms of every demo truck (SEED_DEMO_ALARMS). */
  seedDemoAlarms: boolean;
  /** With the demo fleet, 60 days of waybills of the priced demo lines (SEED_DEMO_WAYBILLS). */
  seedDemoWaybills: boolean;
  // --- Maps and reverse geocoding (modules/geo) ---
  /** Reverse geocoder: 'offline' (shipped gazetteer), 'amap' or 'tianditu' (need their key). */
  geocoder: 'offline' | 'amap' | 'tianditu';
  /** AMap web service key: online reverse geocoding, driving distance and weather. */
  amapKey: string | null;
  /** Tianditu key: online reverse geocoding. */
  tiandituKey: string | null;
  /** Base addresses of the online map services (a private proxy may stand in for them). */
  amapBaseUrl: string;
  tiandituBaseUrl: string;
  /** Base map tiles of the web app: 'osm', 'amap', 'tianditu' (needs mapTiandituKey) or 'custom'. */
  mapProvider: 'osm' | 'amap' | 'tianditu' | 'custom' | 'offline';
  /** Browser key of Tianditu tiles; public: every browser receives it with /app/config. */
  mapTiandituKey: string | null;
  /** XYZ template of an intranet tile server for 'custom', and the coordinates its tiles are drawn in. */
  mapTileUrl: string | null;
  mapTileCoords: 'wgs84' | 'gcj02';
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
    ...simulatorConfig(env),
    jt808Host: env.JT808_HOST || env.HOST || '127.0.0.1',
    jt808IdleMs: intEnv(env, 'JT808_IDLE_SECONDS', 180) * 1000,
    jt808ReplyTimeoutMs: intEnv(env, 'JT808_REPLY_TIMEOUT_SECONDS', 10) * 1000,
    jt808PreAuthPerAddress: intEnv(env, 'JT808_PRE_AUTH_PER_ADDRESS', 64),
    jt808PreAuthMs: intEnv(env, 'JT808_PRE_AUTH_SECONDS', 30) * 1000,
    stopThresholdMs: intEnv(env, 'STOP_MINUTES', 3) * 60_000,
    ingestWriterThread: env.INGEST_WRITER_THREAD !== '0',
    uploadDir: env.UPLOAD_DIR ? resolvePath(env, env.UPLOAD_DIR) : path.join(REPO_ROOT, 'data/uploads'),
    uploadMaxBytes: intEnv(env, 'UPLOAD_MAX_MB', 20) * 1024 * 1000,
    fileTaskKeepDays: intEnv(env, 'FILE_TASK_KEEP_DAYS', 7),
    bossScreenUrl: env.BOSS_SCREEN_URL || null,
    brandsFile: env.BRANDS_FILE ? resolvePath(env, env.BRANDS_FILE) : null,
    tokenIdleMs: intEnv(env, 'TOKEN_IDLE_HOURS', 12) * 3600_000,
    refreshTokenMs: intEnv(env, 'REFRESH_TOKEN_DAYS', 30) * 86400_000,
    loginRateLimit: intEnv(env, 'LOGIN_RATE_LIMIT', 30),
    smsRateLimit: intEnv(env, 'SMS_RATE_LIMIT', 20),
    smsDailyLimit: intEnv(env, 'SMS_DAILY_LIMIT', 10),
    trustProxy: trustedProxies(env.TRUST_PROXY),
    seedDemo: env.SEED_DEMO !== '0',
    seedDemoAlarms: env.SEED_DEMO_ALARMS !== '0',
    seedDemoWaybills: env.SEED_DEMO_WAYBILLS !== '0',
    ...geoConfig(env),
    ...mapConfig(env),
    now: Date.now,
  };
}

/** The maps block: an online geocoder only when asked for or when its key is set. */
function geoConfig(env: NodeJS.ProcessEnv) {
  const amapKey = env.AMAP_KEY || null;
  const tiandituKey = env.TIANDITU_KEY || null;
  const wanted = env.GEOCODER || (amapKey ? 'amap' : tiandituKey ? 'tianditu' : 'offline');
  if (wanted !== 'offline' && wanted !== 'amap' && wanted !== 'tianditu')
    throw new Error(`GEOCODER must be offline, amap or tianditu, got "${wanted}"`);
  if (wanted === 'amap' && !amapKey) throw new Error('GEOCODER=amap needs AMAP_KEY');
  if (wanted === 'tianditu' && !tiandituKey) throw new Error('GEOCODER=tianditu needs TIANDITU_KEY');
  return {
    geocoder: wanted,
    amapKey,
    tiandituKey,
    amapBaseUrl: (env.AMAP_BASE_URL || 'https://restapi.amap.com').replace(/\/+$/, ''),
    tiandituBaseUrl: (env.TIANDITU_BASE_URL || 'https://api.tianditu.gov.cn').replace(/\/+$/, ''),
  } as const;
}

/** The base map block of the web app; the browser falls back to OSM when a provider lacks what it needs. */
function mapConfig(env: NodeJS.ProcessEnv) {
  const mapProvider = env.MAP_PROVIDER || 'osm';
  if (
    mapProvider !== 'osm' &&
    mapProvider !== 'amap' &&
    mapProvider !== 'tianditu' &&
    mapProvider !== 'custom' &&
    mapProvider !== 'offline'
  )
    throw new Error(`MAP_PROVIDER must be osm, amap, tianditu, custom or offline, got "${mapProvider}"`);
  const mapTiandituKey = env.MAP_TIANDITU_KEY || null;
  const mapTileUrl = env.MAP_TILE_URL || null;
  if (mapProvider === 'tianditu' && !mapTiandituKey)
    throw new Error('MAP_PROVIDER=tianditu needs MAP_TIANDITU_KEY');
  if (mapProvider === 'custom' && !mapTileUrl) throw new Error('MAP_PROVIDER=custom needs MAP_TILE_URL');
  if (mapTileUrl && !/^https?:\/\/.+\{z\}.*\{x\}.*\{y\}/.test(mapTileUrl))
    throw new Error('MAP_TILE_URL must be an http(s) XYZ template with {z}, {x} and {y}');
  const coords = env.MAP_TILE_COORDS || 'wgs84';
  if (coords !== 'wgs84' && coords !== 'gcj02')
    throw new Error(`MAP_TILE_COORDS must be wgs84 or gcj02, got "${coords}"`);
  return { mapProvider, mapTiandituKey, mapTileUrl, mapTileCoords: coords } as const;
}

/** The simulator block: speed-up and report interval, each at least 1. */
function simulatorConfig(env: NodeJS.ProcessEnv) {
  const simulatorSpeedup = intEnv(env, 'SIMULATOR_SPEEDUP', 1);
  const simulatorReportSeconds = intEnv(env, 'SIMULATOR_REPORT_SECONDS', 10);
  if (simulatorSpeedup < 1) throw new Error('SIMULATOR_SPEEDUP must be at least 1');
  if (simulatorReportSeconds < 1) throw new Error('SIMULATOR_REPORT_SECONDS must be at least 1');
  return { simulatorSpeedup, simulatorReportSeconds };
}

/** TRUST_PROXY: comma-separated addresses or CIDRs of the reverse proxies in front of the platform. */
function trustedProxies(raw: string | undefined): string[] {
  const list = (raw ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  for (const entry of list) {
    const [address, bits, extra] = entry.split('/');
    const version = isIP(address ?? '');
    const maxBits = version === 6 ? 128 : 32;
    const badBits = bits !== undefined && !(/^\d+$/.test(bits) && Number(bits) <= maxBits);
    if (!version || badBits || extra !== undefined)
      throw new Error(`TRUST_PROXY must list IP addresses or CIDRs separated by commas, got "${entry}"`);
  }
  return list;
}
