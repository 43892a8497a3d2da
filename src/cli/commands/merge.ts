// `noiselab merge <shard files...>`: the outputs of `sweep --shard i/N` put together into what
// the sweep prints unsharded, byte for byte (../shards.ts), or every reason it cannot be: files
// that are no shards, shards of different sweeps, missing or repeated shards.
import type { Invocation } from '../args.ts';
import { readText } from '../io.ts';
import { mergeShards } from '../shards.ts';

/** Bytes of one shard file at most: a 10,000-point sweep's JSON is about 15 MB; V8's longest
 * string is about 512 M characters, so more could not be read as text anyway. */
const MAX_SHARD_BYTES = 256 * 1024 * 1024;

export function mergeCommand(inv: Invocation): string {
  return mergeShards(
    inv.files.map((file) => ({ file, text: readText(file, 'a shard file', MAX_SHARD_BYTES) })),
  );
}
