// The whole app state (scenario + view settings) in the URL hash, for sharing a link:
// `#s=<codec version>.<base64url, no padding, of deflate-raw(JSON.stringify({ scenario, view }))>`.
// Links come from strangers: decodeHash never throws, refuses oversized hashes before decoding,
// inflates with a cap (a zip bomb is refused without being inflated fully), and validates the
// scenario strictly (validateScenario, which also migrates old scenario formats, so old links
// keep working). Pure module: no DOM, no UI; CompressionStream/DecompressionStream and atob/btoa
// exist in browsers and in Node ≥ 20.

import {
  formatIssue,
  MAX_TEXT_LENGTH,
  renderValue,
  ScenarioError,
  validateScenario,
  type Scenario,
} from '../scenario/index.ts';
import {
  MAX_HASH_LENGTH,
  MAX_VIEW_ENTRIES,
  MAX_VIEW_STRING_LENGTH,
  VIEW_KEY_PATTERN,
} from './share-limits.ts';

export type ViewValue = string | number | boolean;

/** Everything a link carries: the scenario and the UI's view settings (a flat map). */
export interface SharedState {
  scenario: Scenario;
  view: Record<string, ViewValue>;
}

export type DecodeResult = { ok: true; state: SharedState } | { ok: false; error: string };

/** The codec version this build writes (the `1.` after `#s=`). */
export const CODEC_VERSION = 1;

/** The hash parameter holding the state: `#s=…`. */
export const HASH_KEY = 's';

/** The payload of a link after JSON.parse, before validation. */
export type CodecPayload = Record<string, unknown>;
export type CodecMigration = (old: CodecPayload) => CodecPayload;

/**
 * v → function turning the decoded JSON payload of a codec-version-v link into that of version
 * v + 1 (never mutating its argument). Links are shared and kept for years: every version this
 * build has ever written must keep decoding, so a new codec version adds an entry here instead
 * of changing the old ones. Version 1 is current, so the table is empty. (The transport —
 * base64url of deflate-raw of JSON — is shared by all versions so far; a version changing it
 * would also need its own reader.)
 */
export const codecMigrations: Record<number, CodecMigration> = {};

const FIELDS = ['scenario', 'view'];

// ---------------------------------------------------------------------------------------------
// Encoding

/**
 * `#s=1.<data>` for `state`. The scenario is validated (and written defaults-filled) and the view
 * checked first: throws an Error naming the problems when either is invalid, or when the link
 * would exceed MAX_HASH_LENGTH (the caller should offer a file download instead).
 */
export async function encodeHash(state: SharedState): Promise<string> {
  let scenario: Scenario;
  try {
    scenario = validateScenario(state.scenario);
  } catch (e) {
    if (e instanceof ScenarioError) {
      throw new Error(`the scenario is invalid:\n${e.message}`, { cause: e });
    }
    throw e;
  }
  const viewProblems = checkView(state.view);
  if (viewProblems.length > 0) {
    throw new Error(`the view settings are invalid:\n${viewProblems.join('\n')}`);
  }
  const text = JSON.stringify({ scenario, view: state.view });
  const bytes = await deflate(new TextEncoder().encode(text));
  const hash = `#${HASH_KEY}=${CODEC_VERSION}.${toBase64url(bytes)}`;
  if (hash.length > MAX_HASH_LENGTH) {
    throw new Error(
      `the link would be ${count(hash.length)} characters long; allowed: at most ` +
        `${count(MAX_HASH_LENGTH)}. Save the scenario as a file instead`,
    );
  }
  return hash;
}

export async function deflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** base64url without padding (RFC 4648 §5). */
export function toBase64url(bytes: Uint8Array): string {
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of unpadded base64url text, or undefined when it is not base64url. */
export function fromBase64url(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const padded =
    text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  let binary: string;
  try {
    binary = atob(padded);
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

// ---------------------------------------------------------------------------------------------
// Decoding

/** A link that cannot be opened: its message names why. */
export class LinkError extends Error {}

/**
 * The state in a `#s=<version>.<data>` hash (the leading "#" is optional). Never throws: every
 * problem yields `{ ok: false, error }` with a message naming it; scenario problems are listed
 * one per line after the first line.
 */
export async function decodeHash(hash: string): Promise<DecodeResult> {
  try {
    return { ok: true, state: await decode(hash) };
  } catch (e) {
    if (e instanceof LinkError) return { ok: false, error: e.message };
    // Not expected (a bug or an exotic runtime failure); still never thrown at the caller.
    return { ok: false, error: `the link could not be read: ${String(e)}` };
  }
}

async function decode(hash: string): Promise<SharedState> {
  if (typeof hash !== 'string') throw new LinkError('the link is not text');
  if (hash.length > MAX_HASH_LENGTH) {
    throw new LinkError(
      `the link is ${count(hash.length)} characters long; allowed: at most ` +
        `${count(MAX_HASH_LENGTH)}`,
    );
  }
  const body = hash.startsWith('#') ? hash.slice(1) : hash;
  const prefix = `${HASH_KEY}=`;
  if (!body.startsWith(prefix)) {
    throw new LinkError(`the link holds no NoiseLab state: expected #${prefix}<version>.<data>`);
  }
  const match = /^(0|[1-9][0-9]{0,8})\.(.*)$/s.exec(body.slice(prefix.length));
  if (!match) {
    throw new LinkError(
      `the link's codec version is missing or malformed: expected #${prefix}<version>.<data>, ` +
        `e.g. #${prefix}${CODEC_VERSION}.…`,
    );
  }
  const version = Number(match[1]);
  if (version > CODEC_VERSION) {
    throw new LinkError(
      `the link was made by a newer NoiseLab (codec version ${version}); this one reads ` +
        `codec versions up to ${CODEC_VERSION}`,
    );
  }
  if (version < 1) {
    throw new LinkError(`the link's codec version ${version} is unknown; allowed: ${versions()}`);
  }
  const bytes = fromBase64url(match[2]);
  if (!bytes) throw new LinkError("the link's data is not valid base64url");
  const text = await inflateText(bytes, MAX_TEXT_LENGTH);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    throw new LinkError(`the link's data is not valid JSON: ${(e as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new LinkError(`the link's data is not an object with the fields ${FIELDS.join(', ')}`);
  }
  const payload = checkPayload(migratePayload(version, parsed as CodecPayload));
  const viewProblems = checkView(payload.view);
  if (viewProblems.length > 0) {
    throw new LinkError(`the link's view settings are invalid:\n${viewProblems.join('\n')}`);
  }
  let scenario: Scenario;
  try {
    scenario = validateScenario(payload.scenario);
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    throw new LinkError(`the link's scenario is invalid:\n${e.issues.map(formatIssue).join('\n')}`);
  }
  return { scenario, view: copyView(payload.view as Record<string, ViewValue>) };
}

/**
 * Inflates deflate-raw bytes to UTF-8 text, streamed: refused as soon as the text exceeds
 * `maxChars` characters, so a zip bomb is never inflated fully.
 */
export async function inflateText(
  bytes: Uint8Array<ArrayBuffer>,
  maxChars: number,
): Promise<string> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  const reader = stream.getReader();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const parts: string[] = [];
  let length = 0;
  const add = (chunk: string) => {
    length += chunk.length;
    if (length > maxChars) {
      throw new LinkError(
        `the link's data inflates to more than ${count(maxChars)} characters; allowed: at most ` +
          `${count(maxChars)}`,
      );
    }
    parts.push(chunk);
  };
  try {
    for (;;) {
      let result: ReadableStreamReadResult<Uint8Array>;
      try {
        result = await reader.read();
      } catch {
        throw new LinkError("the link's data is not valid compressed data");
      }
      if (result.done) break;
      add(decodeUtf8(decoder, result.value, true));
    }
    add(decodeUtf8(decoder, undefined, false));
  } catch (e) {
    // Stop inflating (size cap, bad UTF-8); the stream may already be errored or closed.
    await reader.cancel().catch(() => undefined);
    throw e;
  }
  return parts.join('');
}

function decodeUtf8(decoder: TextDecoder, bytes: Uint8Array | undefined, stream: boolean) {
  try {
    return decoder.decode(bytes, { stream });
  } catch {
    throw new LinkError("the link's data is not valid UTF-8 text");
  }
}

/** The payload itself once it has exactly the fields of the current codec version. */
function checkPayload(parsed: CodecPayload): CodecPayload {
  const unknown = Object.keys(parsed).filter((k) => !FIELDS.includes(k));
  if (unknown.length > 0) {
    const names = unknown.slice(0, 5).map((k) => renderValue(k, 40));
    const more = unknown.length > 5 ? ` and ${unknown.length - 5} more` : '';
    const s = unknown.length === 1 ? '' : 's';
    throw new LinkError(
      `the link's data has the unknown field${s} ${names.join(', ')}${more}; ` +
        `allowed: ${FIELDS.join(', ')}`,
    );
  }
  const missing = FIELDS.filter((k) => !Object.hasOwn(parsed, k));
  if (missing.length > 0) {
    throw new LinkError(
      `the link's data lacks the field${missing.length === 1 ? '' : 's'} ${missing.join(', ')}`,
    );
  }
  return parsed as CodecPayload;
}

/** Brings a codec-version-`version` payload to CODEC_VERSION (codecMigrations). */
export function migratePayload(version: number, payload: CodecPayload): CodecPayload {
  let current = payload;
  for (let v = version; v < CODEC_VERSION; v++) {
    const migrate = Object.hasOwn(codecMigrations, v) ? codecMigrations[v] : undefined;
    if (!migrate) {
      throw new LinkError(
        `the link's codec version ${version} cannot be read: no migration from ${v} to ${v + 1}`,
      );
    }
    current = migrate(current);
  }
  return current;
}

function versions(): string {
  return CODEC_VERSION === 1 ? '1' : `1..${CODEC_VERSION}`;
}

// ---------------------------------------------------------------------------------------------
// View settings

/** The problems of a view-settings map, one line each (`view.key: value problem`); [] if fine. */
export function checkView(view: unknown): string[] {
  if (typeof view !== 'object' || view === null || Array.isArray(view)) {
    return [`view: ${renderValue(view)} is not an object`];
  }
  const keys = Object.keys(view);
  if (keys.length > MAX_VIEW_ENTRIES) {
    return [`view: has ${count(keys.length)} entries; allowed: at most ${MAX_VIEW_ENTRIES}`];
  }
  const problems: string[] = [];
  for (const key of keys) {
    if (!VIEW_KEY_PATTERN.test(key)) {
      problems.push(
        `view: the key ${renderValue(key)} is not allowed; allowed: a letter, then up to 63 ` +
          'letters, digits, "_", "." or "-"',
      );
      continue;
    }
    const value = (view as Record<string, unknown>)[key];
    const at = `view.${key}: ${renderValue(value)}`;
    if (typeof value === 'string') {
      if (value.length > MAX_VIEW_STRING_LENGTH) {
        problems.push(
          `${at} is ${count(value.length)} characters long; allowed: at most ` +
            `${MAX_VIEW_STRING_LENGTH}`,
        );
      }
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) problems.push(`${at} is not a finite number`);
    } else if (typeof value !== 'boolean') {
      problems.push(`${at} is not a string, number or boolean`);
    }
  }
  return problems;
}

/** A fresh copy (fromEntries defines keys, so no key reaches Object.prototype). */
function copyView(view: Record<string, ViewValue>): Record<string, ViewValue> {
  return Object.fromEntries(Object.entries(view));
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}
