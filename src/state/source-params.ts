// The hand-writable query parameters that edit a preset's noise sources by id, beside the knobs
// of query-params.ts: `off=kernel-heartbeat-125ms,rms-15ms` and `on=…` switch sources off and on,
// `src.<id>.period=60s`, `src.<id>.duration=640us` (a fixed duration) and `src.<id>.cpu=0` (pin
// to a core; `any`: the OS picks) set one field. Each becomes a patch op on the source
// (src/scenario/patch.ts), so it does not depend on where the source sits in the list.

import type { PatchOp } from '../scenario/patch.ts';
import { formatDurationUs, parseDurationUs } from './duration-text.ts';

/** The fields `src.<id>.<field>` can set, and the patch path under the source each sets. */
export const SOURCE_FIELDS = {
  period: 'periodUs',
  // a fixed duration, whatever the distribution was: the whole duration is set
  duration: 'duration',
  cpu: 'cpu',
} as const;
export type SourceField = keyof typeof SOURCE_FIELDS;

const ID = /^[a-z0-9-]{1,64}$/;
const SOURCE_PARAM = /^src\.([a-z0-9-]{1,64})\.([a-z]+)$/;

/** Whether `name` is a `src.<id>.<field>` parameter (its field may still be unknown). */
export function isSourceParam(name: string): boolean {
  return SOURCE_PARAM.test(name);
}

const DURATION = 'a duration ≥ 0 in us, µs, ms or s, e.g. 60s, 640us or 1.5ms';
const CPU = 'a core number (e.g. 0, the core a job leaves to the OS) or any';

/** The patch op of `src.<id>.<field>=text`, or the error line naming what is wrong. */
export function parseSourceParam(name: string, text: string): PatchOp | { error: string } {
  const m = SOURCE_PARAM.exec(name)!;
  const [, id, field] = m;
  if (!Object.hasOwn(SOURCE_FIELDS, field)) {
    return {
      error: `${name}: the field "${field}" cannot be set in a link; allowed: ${Object.keys(SOURCE_FIELDS).join(', ')} (other edits go in p=)`,
    };
  }
  const path = `noise.${id}.${SOURCE_FIELDS[field as SourceField]}`;
  if (field === 'cpu') {
    if (text === 'any') return [path, 'any'];
    if (/^[0-9]{1,4}$/.test(text)) return [path, Number(text)];
    return { error: `${name}: ${JSON.stringify(text)} is not valid; expected ${CPU}` };
  }
  const us = parseDurationUs(text);
  if (us === undefined) {
    return { error: `${name}: ${JSON.stringify(text)} is not valid; expected ${DURATION}` };
  }
  return [path, field === 'duration' ? { dist: 'fixed', valueUs: us } : us];
}

/** The ops of `off=a,b` (enabled false) or `on=a,b` (enabled true), or the error line. */
export function parseSwitchParam(name: 'off' | 'on', text: string): PatchOp[] | { error: string } {
  const ids = text.split(',');
  const bad = ids.filter((id) => !ID.test(id));
  if (bad.length > 0) {
    return {
      error: `${name}: ${JSON.stringify(bad[0])} is not a noise source id; expected ids separated by commas, e.g. ${name}=kernel-heartbeat-125ms,rms-15ms`,
    };
  }
  if (new Set(ids).size !== ids.length) return { error: `${name}: a source is named twice` };
  return ids.map((id) => [`noise.${id}.enabled`, name === 'on']);
}

/** A readable parameter for one op, or null when the op has none (it goes in p=). */
export function sourceParamOf(op: PatchOp): [name: string, value: string] | null {
  if (op.length !== 2) return null;
  const [path, value] = op;
  const m = /^noise\.([a-z0-9-]{1,64})\.(.+)$/.exec(path);
  if (!m) return null;
  const [, id, rest] = m;
  if (rest === 'cpu') {
    if (value === 'any') return [`src.${id}.cpu`, 'any'];
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < 1e4) {
      return [`src.${id}.cpu`, String(value)];
    }
    return null;
  }
  // A fixed duration: its value alone changed, or the whole duration became a fixed one.
  const fixed = (v: unknown) =>
    typeof v === 'object' &&
    v !== null &&
    Object.keys(v).length === 2 &&
    (v as { dist?: unknown }).dist === 'fixed'
      ? (v as { valueUs: unknown }).valueUs
      : undefined;
  const us =
    rest === 'periodUs'
      ? value
      : rest === 'duration.valueUs'
        ? value
        : rest === 'duration'
          ? fixed(value)
          : undefined;
  if (us === undefined) return null;
  const field = rest === 'periodUs' ? 'period' : 'duration';
  try {
    const text = formatDurationUs(us);
    return parseDurationUs(text) === us ? [`src.${id}.${field}`, text] : null;
  } catch {
    return null;
  }
}

/** The id an `enabled` op switches, and to what; null for any other op. */
export function switchOf(op: PatchOp): { id: string; on: boolean } | null {
  if (op.length !== 2 || typeof op[1] !== 'boolean') return null;
  const m = /^noise\.([a-z0-9-]{1,64})\.enabled$/.exec(op[0]);
  return m ? { id: m[1], on: op[1] } : null;
}
