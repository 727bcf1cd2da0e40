// Draws the aircraft pictures of the demo fleet (web/public/images/acfts/<registration>.png): a side
// silhouette on a transparent background, jets with engines at the tail and a low T-tail, turboprops with
// a propeller at the nose, and a tail stripe in a colour of its own per registration. Written as PNG by
// hand (zlib from Node), so nothing is downloaded. Run: node scripts/aircraft-images.mjs
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

// 320 × 200: the 8:5 of the details card's picture (160 × 100); the drawing sits 30 px down.
const W = 320;
const H = 200;
const OFFSET_Y = 30;
const root = new URL('..', import.meta.url);
const data = readFileSync(new URL('api/leon/simulator/data.ts', root), 'utf8');
const jetTypes = new Set(
  (data.match(/JET_TYPES[^=]*=\s*new Set\(\[([^\]]*)\]/)?.[1] ?? '')
    .match(/'[^']+'/g)
    ?.map((s) => s.slice(1, -1)),
);
const fleet = [...data.matchAll(/registration: '([^']+)',\s*type: '([^']+)'/g)].map((m) => ({
  registration: m[1],
  type: m[2],
}));

function crc32(bytes) {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}
function chunk(type, body) {
  const out = Buffer.alloc(12 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.write(type, 4, 'latin1');
  body.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + body.length)), 8 + body.length);
  return out;
}
function png(pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(W, 0);
  header.writeUInt32BE(H, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA
  const raw = Buffer.alloc((W * 4 + 1) * H);
  for (let y = 0; y < H; y++) pixels.copy(raw, y * (W * 4 + 1) + 1, y * W * 4, (y + 1) * W * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Even-odd fill of a polygon, 4×4 samples a pixel for smooth edges. */
function fill(pixels, drawn, [r, g, b]) {
  const points = drawn.map(([x, y]) => [x, y + OFFSET_Y]);
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [x0, x1] = [Math.max(0, Math.floor(Math.min(...xs))), Math.min(W - 1, Math.ceil(Math.max(...xs)))];
  const [y0, y1] = [Math.max(0, Math.floor(Math.min(...ys))), Math.min(H - 1, Math.ceil(Math.max(...ys)))];
  for (let y = y0; y <= y1; y++)
    for (let x = x0; x <= x1; x++) {
      let inside = 0;
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) {
          const px = x + (sx + 0.5) / 4;
          const py = y + (sy + 0.5) / 4;
          let odd = false;
          for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
            const [xi, yi] = points[i];
            const [xj, yj] = points[j];
            if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) odd = !odd;
          }
          if (odd) inside++;
        }
      if (!inside) continue;
      const o = (y * W + x) * 4;
      const a = inside / 16;
      const under = pixels[o + 3] / 255;
      const out = a + under * (1 - a);
      pixels[o] = Math.round((r * a + pixels[o] * under * (1 - a)) / out);
      pixels[o + 1] = Math.round((g * a + pixels[o + 1] * under * (1 - a)) / out);
      pixels[o + 2] = Math.round((b * a + pixels[o + 2] * under * (1 - a)) / out);
      pixels[o + 3] = Math.round(out * 255);
    }
}
const ellipse = (cx, cy, rx, ry, n = 48) =>
  Array.from({ length: n }, (_, i) => [
    cx + rx * Math.cos((2 * Math.PI * i) / n),
    cy + ry * Math.sin((2 * Math.PI * i) / n),
  ]);

const NAVY = [0x1d, 0x2b, 0x4f];
const GREY = [0x9a, 0xa5, 0xb8];
const WINDOW = [0xe8, 0xee, 0xf7];

function draw({ registration, type }) {
  const pixels = Buffer.alloc(W * H * 4);
  const jet = jetTypes.has(type);
  let hash = 0;
  for (const ch of registration) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  const stripe = [40 + (hash % 160), 60 + ((hash >> 8) % 140), 90 + ((hash >> 16) % 150)];
  // Fuselage, nose to tail.
  fill(
    pixels,
    [
      [30, 78],
      [50, 64],
      [90, 58],
      [250, 58],
      [296, 50],
      [300, 62],
      [270, 82],
      [60, 86],
      [36, 84],
    ],
    NAVY,
  );
  // Tail fin, and its stripe.
  fill(
    pixels,
    jet
      ? [
          [248, 58],
          [272, 18],
          [292, 18],
          [290, 52],
        ]
      : [
          [240, 58],
          [276, 16],
          [294, 16],
          [292, 54],
        ],
    NAVY,
  );
  fill(
    pixels,
    jet
      ? [
          [262, 36],
          [275, 22],
          [290, 22],
          [289, 36],
        ]
      : [
          [258, 36],
          [274, 20],
          [292, 20],
          [291, 36],
        ],
    stripe,
  );
  // Wing seen edge-on, with the far wing tip above it.
  fill(
    pixels,
    [
      [120, 80],
      [200, 80],
      [210, 86],
      [116, 88],
    ],
    GREY,
  );
  // Windows.
  for (let x = 78; x < (jet ? 230 : 210); x += 18) fill(pixels, ellipse(x, 67, 4.5, 4), WINDOW);
  fill(
    pixels,
    [
      [40, 70],
      [56, 64],
      [62, 68],
      [46, 74],
    ],
    WINDOW,
  ); // cockpit
  if (jet) {
    fill(pixels, ellipse(232, 52, 22, 8), GREY); // engine on the rear fuselage
    fill(
      pixels,
      [
        [270, 18],
        [300, 16],
        [300, 20],
        [270, 22],
      ],
      NAVY,
    ); // T-tail
  } else {
    fill(
      pixels,
      [
        [26, 50],
        [32, 50],
        [32, 108],
        [26, 108],
      ],
      GREY,
    ); // propeller
    fill(pixels, ellipse(29, 79, 6, 6), NAVY);
    fill(
      pixels,
      [
        [268, 58],
        [302, 56],
        [302, 61],
        [268, 63],
      ],
      NAVY,
    ); // tailplane
  }
  // Landing gear.
  fill(
    pixels,
    [
      [70, 86],
      [74, 86],
      [74, 104],
      [70, 104],
    ],
    NAVY,
  );
  fill(pixels, ellipse(72, 106, 5, 5), NAVY);
  fill(
    pixels,
    [
      [160, 88],
      [164, 88],
      [164, 106],
      [160, 106],
    ],
    NAVY,
  );
  fill(pixels, ellipse(162, 108, 6, 6), NAVY);
  return png(pixels);
}

const dir = new URL('web/public/images/acfts/', root);
mkdirSync(dir, { recursive: true });
for (const aircraft of fleet) {
  writeFileSync(new URL(`${aircraft.registration}.png`, dir), draw(aircraft));
  console.info(
    `${aircraft.registration}.png (${aircraft.type}${jetTypes.has(aircraft.type) ? ', jet' : ''})`,
  );
}
