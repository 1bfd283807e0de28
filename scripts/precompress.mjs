// After `react-router build`: writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy
// beside every text file of the client build, which @fastify/static serves to browsers that
// accept them (preCompressed). Done once here, at the strongest settings, instead of per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROOT = 'build/client';
const TEXT = /\.(?:js|mjs|css|svg|json|html|txt|xml|webmanifest|map)$/;
/** Smaller files go out as they are: the answer's headers outweigh the saving. */
const THRESHOLD_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT.test(entry.name)) yield path;
  }
}

let count = 0;
let plain = 0;
let brotli = 0;
for (const path of files(ROOT)) {
  if (statSync(path).size < THRESHOLD_BYTES) continue;
  const body = readFileSync(path);
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  const gz = gzipSync(body, { level: 9 });
  // A copy that is not smaller is not worth a second representation.
  if (br.length < body.length) writeFileSync(`${path}.br`, br);
  if (gz.length < body.length) writeFileSync(`${path}.gz`, gz);
  count += 1;
  plain += body.length;
  brotli += br.length;
}
console.log(`precompressed ${count} files: ${(plain / 1024).toFixed(0)} KB → ${(brotli / 1024).toFixed(0)} KB brotli`);
