#!/usr/bin/env node
// Draws the app icon (the same checklist mark as the header's BrandMark) as PNGs without
// an image library, so the icons can be regenerated anywhere: `node resources/make-icons.mjs`.
// Writes resources/icon.png (512×512, electron-builder's source for .icns/.ico) and
// src/renderer/public/favicon.ico (a PNG inside an ICO container, which browsers accept).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

// Shapes on a 64×64 canvas: [x, y, width, height, radius, rgb].
const SHAPES = [
  [0, 0, 64, 64, 14, [0x4f, 0x6b, 0xed]],
  [14, 16, 8, 8, 2, [255, 255, 255]],
  [26, 18, 24, 4, 2, [0xdf, 0xe5, 0xff]],
  [14, 28, 8, 8, 2, [255, 255, 255]],
  [26, 30, 24, 4, 2, [0xdf, 0xe5, 0xff]],
  [14, 40, 8, 8, 2, [255, 255, 255]],
  [26, 42, 16, 4, 2, [0xdf, 0xe5, 0xff]],
];

function insideRoundedRect(px, py, [x, y, w, h, r]) {
  if (px < x || py < y || px > x + w || py > y + h) return false;
  const cx = Math.min(Math.max(px, x + r), x + w - r);
  const cy = Math.min(Math.max(py, y + r), y + h - r);
  return (px - cx) ** 2 + (py - cy) ** 2 <= r * r;
}

/** RGBA pixels, 4×4 supersampled so edges are smooth at every size. */
function draw(size) {
  const pixels = Buffer.alloc(size * size * 4);
  const samples = 4;
  for (let j = 0; j < size; j++) {
    for (let i = 0; i < size; i++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const px = ((i + (sx + 0.5) / samples) / size) * 64;
          const py = ((j + (sy + 0.5) / samples) / size) * 64;
          let colour = null;
          for (const shape of SHAPES) if (insideRoundedRect(px, py, shape)) colour = shape[5];
          if (colour) { r += colour[0]; g += colour[1]; b += colour[2]; a += 1; }
        }
      }
      const o = (j * size + i) * 4;
      pixels[o] = a ? Math.round(r / a) : 0;
      pixels[o + 1] = a ? Math.round(g / a) : 0;
      pixels[o + 2] = a ? Math.round(b / a) : 0;
      pixels[o + 3] = Math.round((a / (samples * samples)) * 255);
    }
  }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png(size) {
  const pixels = draw(size);
  const rows = Buffer.alloc(size * (size * 4 + 1));
  for (let j = 0; j < size; j++) pixels.copy(rows, j * (size * 4 + 1) + 1, j * size * 4, (j + 1) * size * 4);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function ico(size) {
  const image = png(size);
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(22, 18);
  return Buffer.concat([header, image]);
}

const at = (path) => fileURLToPath(new URL(path, import.meta.url));
writeFileSync(at('./icon.png'), png(512));
writeFileSync(at('../src/renderer/public/favicon.ico'), ico(32));
console.log('Wrote resources/icon.png and src/renderer/public/favicon.ico');
