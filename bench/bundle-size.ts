// Prints the initial JS and CSS that /login downloads (gzip bytes): what index.html loads and preloads.
// Goal (issue 18): at most 85 kB of JS on React 19. Figures only; nothing is asserted.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = resolve(import.meta.dirname, '../web/dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const totals = { js: { raw: 0, gzip: 0 }, css: { raw: 0, gzip: 0 } };
for (const asset of new Set(assets)) {
  const content = readFileSync(join(dist, asset));
  const kind = asset.endsWith('.css') ? 'css' : 'js';
  const gzip = gzipSync(content, { level: 9 }).length;
  totals[kind].raw += content.length;
  totals[kind].gzip += gzip;
  console.log(
    `  ${asset.padEnd(48)} ${(content.length / 1024).toFixed(1).padStart(7)} kB raw ${(gzip / 1024).toFixed(1).padStart(6)} kB gzip`,
  );
}
console.log(
  `Initial JS of /login:  ${(totals.js.gzip / 1024).toFixed(1)} kB gzip (${(totals.js.raw / 1024).toFixed(1)} kB raw) — goal ≤ 85 kB`,
);
console.log(
  `Initial CSS of /login: ${(totals.css.gzip / 1024).toFixed(1)} kB gzip (${(totals.css.raw / 1024).toFixed(1)} kB raw)`,
);
