// Writes a brotli (.br) and a gzip (.gz) copy beside each script, style sheet, page and manifest of
// a front end's build. The server sends them to browsers that accept them (@fastify/static's
// preCompressed), so no request pays for compression: on the payer's fast-3G network the
// uncompressed files took most of the time to a usable pay form (bench/payer-page.mjs).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const compressible = /\.(js|css|html|json|svg|txt)$/;
/** Smaller files gain less than the headers they would add. */
const MIN_BYTES = 1024;

function* filesBelow(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesBelow(file);
    else if (compressible.test(entry.name) && statSync(file).size >= MIN_BYTES) yield file;
  }
}

/** Compresses every compressible file of `dir` (a build's dist/); returns how many. */
export function precompress(dir) {
  let count = 0;
  for (const file of filesBelow(dir)) {
    const content = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    count += 1;
  }
  return count;
}
