import { deflateSync } from 'node:zlib';

/**
 * The staff app's install icons as PNG, drawn at build time from the same shapes as `public/icons/icon.svg`
 * (the copilot favicon: a dark tile, a ring and a compass needle), so no binary lives in the repository and
 * the PNGs cannot drift from the SVG's colours. Each pixel is the average of 4×4 samples (anti-aliased edges).
 */

type Rgb = readonly [number, number, number];

const TILE: Rgb = [0x1f, 0x1b, 0x17];
const CREAM: Rgb = [0xf7, 0xf3, 0xee];
const AMBER: Rgb = [0xf0, 0xb0, 0x4a];

export interface IconShape {
  readonly size: number;
  /**
   * `maskable`: the tile fills the square and the drawing shrinks into the safe zone (a circle of 80 % of the
   * size), so a launcher's mask never cuts it; `any`: a rounded tile on transparency, as the SVG.
   */
  readonly purpose: 'any' | 'maskable';
}

/** Whether (x, y) is inside the triangle a-b-c (either winding). */
function inTriangle(x: number, y: number, a: readonly number[], b: readonly number[], c: readonly number[]) {
  const side = (p: readonly number[], q: readonly number[]) =>
    (x - q[0]!) * (p[1]! - q[1]!) - (p[0]! - q[0]!) * (y - q[1]!);
  const d1 = side(a, b);
  const d2 = side(b, c);
  const d3 = side(c, a);
  return !((d1 < 0 || d2 < 0 || d3 < 0) && (d1 > 0 || d2 > 0 || d3 > 0));
}

/** The colour and opacity at a point of the 64-unit drawing (the SVG's viewBox), or null outside the tile. */
function sample(u: number, v: number, purpose: IconShape['purpose']): [Rgb, number] | null {
  if (purpose === 'any') {
    // The rounded tile: rx 14 in a 64 square.
    const r = 14;
    const cx = Math.min(Math.max(u, r), 64 - r);
    const cy = Math.min(Math.max(v, r), 64 - r);
    if (u < 0 || v < 0 || u > 64 || v > 64 || (u - cx) ** 2 + (v - cy) ** 2 > r * r) return null;
  }
  // The maskable icon draws the same figure at 80 %, centred.
  const [x, y] = purpose === 'maskable' ? [32 + (u - 32) / 0.8, 32 + (v - 32) / 0.8] : [u, v];
  // The needle: its amber north half, then its faded cream south half (55 % over the tile).
  if (inTriangle(x, y, [32, 15], [39, 35], [32, 31]) || inTriangle(x, y, [32, 15], [32, 31], [25, 35]))
    return [AMBER, 1];
  if (inTriangle(x, y, [32, 49], [25, 29], [32, 33]) || inTriangle(x, y, [32, 49], [32, 33], [39, 29]))
    return [CREAM.map((channel, i) => channel * 0.55 + TILE[i]! * 0.45) as unknown as Rgb, 1];
  // The ring: radius 19, stroke 4.
  const distance = Math.hypot(x - 32, y - 32);
  if (distance >= 17 && distance <= 21) return [CREAM, 1];
  return [TILE, 1];
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), 8 + data.length);
  return out;
}

/** A PNG (8-bit RGBA, no interlace) of the icon at `size` pixels. */
export function renderIcon({ size, purpose }: IconShape): Buffer {
  const SAMPLES = 4;
  const rowBytes = size * 4 + 1;
  const raw = Buffer.alloc(rowBytes * size);
  for (let py = 0; py < size; py += 1) {
    raw[py * rowBytes] = 0; // filter: none
    for (let px = 0; px < size; px += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < SAMPLES; sy += 1) {
        for (let sx = 0; sx < SAMPLES; sx += 1) {
          const u = ((px + (sx + 0.5) / SAMPLES) / size) * 64;
          const v = ((py + (sy + 0.5) / SAMPLES) / size) * 64;
          const hit = sample(u, v, purpose);
          if (!hit) continue;
          const [colour, alpha] = hit;
          r += colour[0] * alpha;
          g += colour[1] * alpha;
          b += colour[2] * alpha;
          a += alpha;
        }
      }
      const offset = py * rowBytes + 1 + px * 4;
      raw[offset] = a ? Math.round(r / a) : 0;
      raw[offset + 1] = a ? Math.round(g / a) : 0;
      raw[offset + 2] = a ? Math.round(b / a) : 0;
      raw[offset + 3] = Math.round((a / (SAMPLES * SAMPLES)) * 255);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array()),
  ]);
}
