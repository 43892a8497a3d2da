// A scenario's identity as text: canonical JSON (object keys sorted), and a short content hash
// of it that names a version of a preset in a link (`v=`). Pure; the same in the page, the CLI
// and the scripts.

/** JSON with object keys sorted: equal for equal values whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * Eight hex digits naming `value`'s content: 32 bits of cyrb53 (a 53-bit string hash) of its
 * canonical JSON. Versions are only ever compared among the releases of one preset (a handful),
 * so 32 bits leave no practical chance of two colliding; the archive test checks they do not.
 */
export function contentVersion(value: unknown): string {
  const [h1, h2] = cyrb53(canonicalJson(value));
  return ((h2 ^ h1) >>> 0).toString(16).padStart(8, '0');
}

/**
 * Thirteen hex digits naming `value`'s content: 52 bits of cyrb53 of its canonical JSON. For
 * ids compared across many values (a study's sweeps), where 32 bits would be thin.
 */
export function contentId(value: unknown): string {
  const [h1, h2] = cyrb53(canonicalJson(value));
  return (4294967296 * (0xfffff & h2) + (h1 >>> 0)).toString(16).padStart(13, '0');
}

/** cyrb53's two 32-bit halves of `text` (bryc's public-domain string hash). */
function cyrb53(text: string): [number, number] {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return [h1, h2];
}
