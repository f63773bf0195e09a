// A Vite build step: writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, at
// the highest levels (done once, at build time), so the server (@fastify/static `preCompressed`) sends them
// as they are to browsers that accept them instead of compressing on every request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing (images and fonts already are). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/i;
/** Below this a compressed copy saves less than a network packet (the server's dynamic threshold too). */
export const MIN_COMPRESS_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/** Compresses every compressible file of `dir`; a copy that would not be smaller is not written. */
export async function precompressDirectory(dir: string): Promise<number> {
  let written = 0;
  for (const file of await filesUnder(dir)) {
    if (!COMPRESSIBLE.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
    if ((await stat(file)).size < MIN_COMPRESS_BYTES) continue;
    const contents = await readFile(file);
    const [br, gz] = await Promise.all([
      brotli(contents, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: contents.length,
        },
      }),
      gzipAsync(contents, { level: 9 }),
    ]);
    if (br.length < contents.length) {
      await writeFile(`${file}.br`, br);
      written++;
    }
    if (gz.length < contents.length) {
      await writeFile(`${file}.gz`, gz);
      written++;
    }
  }
  return written;
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'paybench-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After everything is written, the copied public/ files included.
    async closeBundle(error?: Error) {
      if (error) return;
      const written = await precompressDirectory(outDir);
      this.info(`${written} precompressed copies (.br, .gz) written`);
    },
  };
}
