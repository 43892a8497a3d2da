// Chart export for the views: CSV as text, the chart's <svg> as a standalone .svg (every
// element's computed presentation inlined, so it looks the same outside the page) and as a .png
// (that SVG drawn on a canvas). Browser-only (DOM); the data shaping lives in the *-series files.
import { csvSlices, type CsvText } from './csv-chunks.ts';

/** The presentation properties copied from the page's CSS into the exported SVG. */
const STYLE_PROPS = [
  'fill',
  'fill-opacity',
  'stroke',
  'stroke-width',
  'stroke-dasharray',
  'stroke-opacity',
  'opacity',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'shape-rendering',
];

/** Saves a Blob as a download named `fileName`. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The size of the SVG in user units: its viewBox, else its rendered box. */
function sizeOf(svg: SVGSVGElement): { width: number; height: number } {
  const vb = svg.viewBox.baseVal;
  if (vb && vb.width > 0 && vb.height > 0) return { width: vb.width, height: vb.height };
  const box = svg.getBoundingClientRect();
  return { width: Math.max(1, box.width), height: Math.max(1, box.height) };
}

/** The chart as a standalone SVG document with inline styles and a white background. */
export function serializeSvg(svg: SVGSVGElement): string {
  const clone = svg.cloneNode(true) as SVGSVGElement;
  const from = [svg, ...svg.querySelectorAll('*')];
  const to = [clone, ...clone.querySelectorAll('*')];
  for (let i = 0; i < from.length && i < to.length; i++) {
    const style = getComputedStyle(from[i]);
    const inline = STYLE_PROPS.map((p) => [p, style.getPropertyValue(p)] as const)
      .filter(([, v]) => v !== '')
      .map(([p, v]) => `${p}:${v}`)
      .join(';');
    if (inline) to[i].setAttribute('style', inline);
    to[i].removeAttribute('class');
  }
  const { width, height } = sizeOf(svg);
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  clone.removeAttribute('role');
  const bg = document.createElementNS('http://www.w3.org/2000/svg', 'rect');
  bg.setAttribute('width', '100%');
  bg.setAttribute('height', '100%');
  bg.setAttribute('fill', '#ffffff');
  clone.insertBefore(bg, clone.firstChild);
  return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(clone);
}

export function downloadSvg(svg: SVGSVGElement, fileName: string): void {
  downloadBlob(new Blob([serializeSvg(svg)], { type: 'image/svg+xml' }), fileName);
}

/** Draws the exported SVG on a canvas at `scale` × its size and downloads it as PNG. */
export async function downloadPng(svg: SVGSVGElement, fileName: string, scale = 2): Promise<void> {
  const text = serializeSvg(svg);
  const { width, height } = sizeOf(svg);
  const image = new Image();
  // A data: URL (not blob:), so the page makes no request of its own for the picture.
  image.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(text);
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  context.drawImage(image, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('the canvas gave no PNG');
  downloadBlob(blob, fileName);
}

/** A task boundary: the page may paint and take input before the next slice. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Downloads the CSV, encoding it to UTF-8 one slice per task (src/charts/csv-chunks.ts): the
 * blob of the slices' blobs is the same bytes as one blob of the whole text.
 */
export async function downloadCsv(text: CsvText, fileName: string): Promise<void> {
  const parts: Blob[] = [];
  for (const slice of csvSlices(text)) {
    if (parts.length > 0) await nextTask();
    parts.push(new Blob([slice]));
  }
  downloadBlob(new Blob(parts, { type: 'text/csv' }), fileName);
}
