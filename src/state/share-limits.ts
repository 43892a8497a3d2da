// Size limits of shared links (url-codec.ts, query-params.ts). Links arrive from strangers, so
// every size is bounded before any decoding work starts: a hostile or mangled link must be
// refused with a message, never freeze the tab. The decompressed text is bounded by the
// scenario's own MAX_TEXT_LENGTH (src/scenario/limits.ts).

/** Characters of a `#s=…` hash, checked before base64url decoding: 256 KiB. A typical scenario
 * compresses to a few kB of base64url; the largest bundled one to about 10 kB. */
export const MAX_HASH_LENGTH = 256 * 1024;

/** Entries of the view settings (a flat map of UI settings). */
export const MAX_VIEW_ENTRIES = 64;

/** Characters of one string value of the view settings. */
export const MAX_VIEW_STRING_LENGTH = 200;

/** A view setting's key: a letter, then up to 63 letters, digits, "_", "." or "-". */
export const VIEW_KEY_PATTERN = /^[a-zA-Z][a-zA-Z0-9_.-]{0,63}$/;

/** Characters of the `scenario=` query parameter (a relative path). */
export const MAX_SCENARIO_PATH_LENGTH = 200;

/** Characters of one query parameter's value other than `scenario`: numbers and short lists. */
export const MAX_QUERY_VALUE_LENGTH = 1000;

/** Characters of the `p=` query parameter (a compressed patch against a preset): 64 KiB. Edits a
 * class makes are a few dozen characters; a whole new source a few hundred. */
export const MAX_PATCH_PARAM_LENGTH = 64 * 1024;
