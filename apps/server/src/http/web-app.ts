import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { BodyCode } from './envelope';

/** Built files whose names carry their content hash (Vite's assets/): cached for a year, never revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon): revalidated on each load, so a new build is seen at once. */
const REVALIDATE = 'no-cache';

/**
 * Serves the built web app at `/`: the brotli or gzip file the build wrote beside each asset when
 * the browser accepts it, hashed assets with long caching, and index.html for every other GET
 * outside /api (the app's own routes). Without a build, unknown paths answer the 404 envelope.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasWeb = existsSync(path.join(distDir, 'index.html'));
  if (hasWeb)
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, file) {
        const relative = path.relative(distDir, file).split(path.sep).join('/');
        res.setHeader('cache-control', relative.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
      },
    });
  app.setNotFoundHandler((req, reply) => {
    // an asset of an older build is gone: a 404, not the app's page in its place
    const notPage = req.url.startsWith('/api/') || req.url.startsWith('/assets/');
    if (notPage || !hasWeb || req.method !== 'GET') {
      return reply.status(404).send({ code: BodyCode.notFound, msg: '接口不存在', data: null });
    }
    return reply.type('text/html').sendFile('index.html');
  });
}
