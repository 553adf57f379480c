import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));
const run = promisify(execFile);

/** Starts a logger as main.ts does, in a process of its own, and returns what it printed. */
async function printed(isTerminal: boolean): Promise<string> {
  const script = `
    import Fastify from ${JSON.stringify(import.meta.resolve('fastify'))};
    import { loggerOptions } from ${JSON.stringify(path.join(here, 'logger.ts'))};
    const app = Fastify({ logger: loggerOptions('info', ${isTerminal}) });
    app.log.info({ vehicles: 50 }, '平台已启动');
    await app.close();
    await new Promise((r) => setTimeout(r, 300));
  `;
  const folder = await mkdtemp(path.join(tmpdir(), 'fleet-log-'));
  try {
    const file = path.join(folder, 'start.mts');
    await writeFile(file, script);
    const { stdout } = await run(process.execPath, ['--import', 'tsx', file], { cwd: here, timeout: 20_000 });
    return stdout;
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe('server log output', () => {
  it('prints readable lines on a terminal', async () => {
    const out = await printed(true);
    expect(out).toContain('平台已启动');
    expect(out).toMatch(/INFO/);
    expect(out).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect(() => JSON.parse(out.trim().split('\n')[0] ?? '')).toThrow();
  }, 30_000);

  it('prints one JSON object a line otherwise', async () => {
    const line = JSON.parse((await printed(false)).trim().split('\n')[0] ?? '');
    expect(line).toMatchObject({ level: 30, msg: '平台已启动', vehicles: 50 });
  }, 30_000);
});
