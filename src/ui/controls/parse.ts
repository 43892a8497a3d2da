// Text typed into a control, turned into what the scenario holds. What cannot
// be read is passed on as typed, so the validator names the field and says
// what is allowed (one message style for files, links and the form).

/** "1,024" → 1024, " 2.5e3 " → 2500; anything else stays the text it was. */
export function parseNumberText(text: string): number | string {
  const plain = text.trim().replace(/[,_\s]/g, '');
  if (plain === '') return text;
  const value = Number(plain);
  return Number.isFinite(value) ? value : text;
}

/** "0, 31" or "0 31" → [0, 31]; "" → []; unreadable entries stay text for the validator. */
export function parseIndexList(text: string): (number | string)[] {
  return text
    .split(/[\s,;]+/)
    .filter((t) => t !== '')
    .map((t) => {
      const value = Number(t);
      return Number.isFinite(value) && t.trim() !== '' ? value : t;
    });
}

/** A core: "any" (the OS picks one) or a core index. */
export function parseCpu(text: string): number | string {
  const t = text.trim().toLowerCase();
  return t === 'any' || t === '' ? 'any' : parseNumberText(t);
}

/** [0, 31] → "0, 31". */
export function formatIndexList(list: readonly number[]): string {
  return list.join(', ');
}
