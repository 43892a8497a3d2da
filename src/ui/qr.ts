// QR codes of shared links, for a projector: the modules of the code as one SVG path
// (one square per dark module, crisp at any size), from uqr's encoder. No canvas, no network.
import { encode } from 'uqr';

/** Bytes a QR code holds at most (version 40, error correction L, byte mode). */
export const QR_MAX_BYTES = 2953;

/** Quiet zone around the code, modules: the standard asks for 4. */
const QUIET = 4;

/** Links longer than this give a dense code (version 15 and up) that a phone reads only when
 * the code is projected large: the dialog says so. */
export const QR_DENSE_BYTES = 400;

export interface QrImage {
  /** modules per side, quiet zone included */
  size: number;
  /** SVG path data, one unit per module: `M x y h1 v1 h-1 z` per dark module */
  path: string;
  version: number;
  /** UTF-8 bytes encoded */
  bytes: number;
}

export type QrResult = { ok: true; image: QrImage } | { ok: false; message: string };

/** The QR code of `text` (error correction M when it fits, else L), or why there is none. */
export function qrCode(text: string): QrResult {
  const bytes = new TextEncoder().encode(text).length;
  if (text === '') return { ok: false, message: 'There is no link yet.' };
  if (bytes > QR_MAX_BYTES) {
    return {
      ok: false,
      message:
        `This link is ${bytes.toLocaleString('en-US')} bytes long; a QR code holds at most ` +
        `${QR_MAX_BYTES.toLocaleString('en-US')}. Use Copy link, or share a preset with a few ` +
        'changed knobs (a readable ?preset= link is short).',
    };
  }
  // Medium correction survives a smudged projector screen; L only when M cannot hold the link.
  let qr;
  try {
    qr = encode(text, { ecc: 'M', border: QUIET });
  } catch {
    qr = encode(text, { ecc: 'L', border: QUIET });
  }
  const parts: string[] = [];
  for (let y = 0; y < qr.size; y++) {
    const row = qr.data[y];
    for (let x = 0; x < qr.size; x++) if (row[x]) parts.push(`M${x} ${y}h1v1h-1z`);
  }
  return { ok: true, image: { size: qr.size, path: parts.join(''), version: qr.version, bytes } };
}
