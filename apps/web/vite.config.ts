import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Writes a brotli (.br) and a gzip (.gz) file beside every script, style sheet, page and SVG of the
 * build, which the server sends to browsers that accept them (@fastify/static preCompressed).
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'fleet-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? path.join(root, 'dist');
      const files = Object.values(bundle).filter((f) => /\.(js|css|html|svg|json)$/.test(f.fileName));
      await Promise.all(
        files.map(async (file) => {
          const data = Buffer.from(file.type === 'chunk' ? file.code : file.source);
          if (data.length < 1024) return;
          const target = path.join(outDir, file.fileName);
          const params = {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          };
          await writeFile(`${target}.br`, await brotli(data, { params }));
          await writeFile(`${target}.gz`, await gz(data, { level: 9 }));
        }),
      );
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries the login page needs go to their own long-cached chunks; page code stays apart.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
              tags: ['$initial'],
              priority: 2,
            },
            { name: 'antd', test: /node_modules[\\/]antd[\\/]/, tags: ['$initial'], priority: 1 },
            { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial'], priority: 0 },
          ],
        },
      },
    },
  },
});
