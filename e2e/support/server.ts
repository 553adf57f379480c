import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const WEB_DIST_DIR = path.join(REPO_ROOT, 'apps/web/dist');
const STARTUP_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;

export interface RunningServer {
  baseUrl: string;
  /** The server's database (`sqlite:<path>`), for fixtures a test writes straight into it. */
  databaseUrl: string;
  /** Everything the server printed so far (for failure reports). */
  output(): string;
  stop(): Promise<void>;
}

/** A port nobody listens on right now. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A copy of the built web app in a temp directory (for WEB_DIST_DIR), for a test that changes it. */
export async function copyWebDist(): Promise<string> {
  const copy = await mkdtemp(path.join(tmpdir(), 'fleet-web-'));
  await cp(WEB_DIST_DIR, copy, { recursive: true });
  return copy;
}

export interface StartOptions {
  /** Settings over the test defaults (e.g. SIMULATOR_VEHICLES, JT808_PORT). */
  env?: Record<string, string>;
}

/**
 * Starts the real server (apps/server/src/main.ts) as a child process on a free port, with a fresh
 * SQLite database in a temp directory, serving the built web app; resolves once /api/health is up.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  if (!existsSync(path.join(WEB_DIST_DIR, 'index.html'))) {
    throw new Error(`${WEB_DIST_DIR}/index.html is missing: run "npm run build -w @fleet/web" first`);
  }
  const dataDir = await mkdtemp(path.join(tmpdir(), 'fleet-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const databaseUrl = `sqlite:${path.join(dataDir, 'fleet.db')}`;
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      JT808_PORT: '0',
      SIMULATOR_VEHICLES: '0',
      // browser tests of alarms make their own; a test that wants the demo's passes '1'
      SEED_DEMO_ALARMS: '0',
      // likewise the demo's past waybills: waybill tests count their own
      SEED_DEMO_WAYBILLS: '0',
      WEB_DIST_DIR,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });

  const stop = async () => {
    await terminate(child);
    await rm(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, databaseUrl, output: () => output, stop };
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `server exited (${child.exitCode ?? child.signalCode}) before it was healthy:\n${output()}`,
      );
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      const body = (await response.json()) as { code?: number };
      if (body.code === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not answer /api/health within ${STARTUP_TIMEOUT_MS} ms:\n${output()}`);
}

async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
