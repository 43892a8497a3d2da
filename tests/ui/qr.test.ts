// The QR code of a link must read back as the link: each code is drawn to pixels from its SVG
// path and decoded by an independent decoder (jsQR).
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { QR_MAX_BYTES, qrCode } from '../../src/ui/qr.ts';

/** Pixels (RGBA, `scale` per module) of the dark squares of a path `M x y h1v1h-1z …`. */
function rasterise(size: number, path: string, scale = 4): Uint8ClampedArray {
  const side = size * scale;
  const px = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const m of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    const [x, y] = [Number(m[1]), Number(m[2])];
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const i = ((y * scale + dy) * side + x * scale + dx) * 4;
        px[i] = px[i + 1] = px[i + 2] = 0;
      }
    }
  }
  return px;
}

function decode(text: string): string | null {
  const r = qrCode(text);
  if (!r.ok) throw new Error(r.message);
  const scale = 4;
  const side = r.image.size * scale;
  return jsQR(rasterise(r.image.size, r.image.path, scale), side, side)?.data ?? null;
}

describe('qrCode', () => {
  it('reads back a readable preset link', () => {
    const link = 'https://noiselab.example/app/?preset=jaguar-xt5-rn&nodes=4096&g=1ms';
    expect(decode(link)).toBe(link);
  });

  it('reads back a long compressed-state link, and has the quiet zone', () => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    let hash = '';
    for (let i = 0; i < 1500; i++) hash += alphabet[(i * 37 + 11) % 64];
    const link = `https://noiselab.example/#s=1.${hash}`;
    expect(decode(link)).toBe(link);
    const r = qrCode(link);
    if (!r.ok) throw new Error(r.message);
    // No dark module in the 4-module border.
    for (const m of r.image.path.matchAll(/M(\d+) (\d+)/g)) {
      for (const v of [Number(m[1]), Number(m[2])]) {
        expect(v).toBeGreaterThanOrEqual(4);
        expect(v).toBeLessThan(r.image.size - 4);
      }
    }
  });

  it('a version-1 code for a tiny text: 21 modules plus the quiet zone', () => {
    const r = qrCode('noise');
    expect(r.ok && r.image.size).toBe(21 + 8);
    expect(r.ok && r.image.version).toBe(1);
  });

  it('refuses a link longer than a QR code holds, naming both sizes', () => {
    const r = qrCode('x'.repeat(QR_MAX_BYTES + 1));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/2,954 bytes long; a QR code holds at most 2,953/);
    expect(qrCode('').ok).toBe(false);
  });

  it('falls back to correction level L for a link that M cannot hold', () => {
    const link = 'y'.repeat(2600);
    expect(decode(link)).toBe(link);
  });
});
