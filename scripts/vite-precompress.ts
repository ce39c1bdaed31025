import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|webmanifest)$/;
// Below this the compressed copy saves less than a header costs.
const MIN_BYTES = 1024;

/**
 * Writes `name.br` (quality 11) and `name.gz` (level 9) beside each text asset once at build time,
 * so the server sends them as they are (@fastify/static `preCompressed`) and never compresses a
 * script per request. index.html is left out: the server injects the runtime config into it.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'contrail-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const data = await fs.readFile(full);
          if (data.length < MIN_BYTES) return;
          const [br, gzip] = await Promise.all([
            brotli(data, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gz(data, { level: 9 }),
          ]);
          if (br.length < data.length) await fs.writeFile(`${full}.br`, br);
          if (gzip.length < data.length) await fs.writeFile(`${full}.gz`, gzip);
        }),
      );
    },
  };
}
