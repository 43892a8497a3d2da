// Brings an element into sight inside the box that scrolls it (the panel beside the stage),
// never scrolling the page itself: the stage must stay where it is. scrollIntoView would scroll
// every ancestor, the window included. The one exception, scrollPageTo, is for a layout whose
// page scrolls anyway (a phone), where no box does.

/** The nearest ancestor of `el` that scrolls vertically; null when only the page does. */
function scroller(el: HTMLElement): HTMLElement | null {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const y = getComputedStyle(p).overflowY;
    if ((y === 'auto' || y === 'scroll') && p.scrollHeight > p.clientHeight) return p;
  }
  return null;
}

/** The box's visible band, CSS px from the viewport's top: its scroll padding (CSS px) keeps
 * what sticks to its edges (a pager) off what it shows. */
function band(box: HTMLElement): { top: number; bottom: number } {
  const style = getComputedStyle(box);
  const outer = box.getBoundingClientRect();
  return {
    top: outer.top + (parseFloat(style.scrollPaddingTop) || 0),
    bottom: outer.bottom - (parseFloat(style.scrollPaddingBottom) || 0),
  };
}

/**
 * Scrolls the box around `el` as little as needed for all of `el` to show ('nearest'), or puts
 * `el` at the box's top ('start'). Does nothing when no box scrolls it.
 */
export function scrollWithin(el: HTMLElement, block: 'nearest' | 'start' = 'nearest'): void {
  const box = scroller(el);
  if (!box) return;
  const b = band(box);
  const inner = el.getBoundingClientRect();
  const top = inner.top - b.top;
  const bottom = inner.bottom - b.bottom;
  if (block === 'start' || top < 0 || inner.height > b.bottom - b.top) box.scrollTop += top;
  else if (bottom > 0) box.scrollTop += bottom;
}

/** Room left above an element the page scrolls to, CSS px: its edge is not flush with the
 * window's. */
const PAGE_MARGIN = 8;

/**
 * Where no box scrolls `el` and the page does (a phone: the panel is part of the page), brings
 * `el` into sight by scrolling the page: as little as needed when it fits between the window's
 * top and `cover`'s top (a pager stuck to the window's bottom), else its top to the window's top.
 * A Reveal on a phone left the answer under the pager, 1 px of it
 * in sight, with nothing to say it had come.
 */
export function scrollPageTo(el: HTMLElement, cover?: HTMLElement): void {
  if (scroller(el)) return;
  const page = document.scrollingElement;
  if (!page || page.scrollHeight <= page.clientHeight) return;
  const r = el.getBoundingClientRect();
  const bottom = Math.min(window.innerHeight, cover?.getBoundingClientRect().top ?? Infinity);
  const room = bottom - PAGE_MARGIN;
  let by = 0;
  if (r.top < PAGE_MARGIN || r.height > room - PAGE_MARGIN) by = r.top - PAGE_MARGIN;
  else if (r.bottom > room) by = r.bottom - room;
  if (Math.abs(by) >= 1) window.scrollBy({ top: by, behavior: 'instant' });
}

/**
 * Scrolls the box around `el` as little as needed for all of `el` to show, but never so far
 * that the top of `keep` (above `el`, in the same box) leaves the box: what does not fit stays
 * below, to be scrolled to. A step opens at its heading, not in the middle of its text.
 */
export function scrollWithinBelow(
  el: HTMLElement,
  keep: HTMLElement,
  stops: readonly HTMLElement[] = [],
): void {
  const box = scroller(el);
  if (!box) return;
  const b = band(box);
  const bottom = el.getBoundingClientRect().bottom - b.bottom;
  const room = keep.getBoundingClientRect().top - b.top;
  if (!(bottom > 0)) return;
  // Stop at the top of one of `stops` (rows above `keep`, `keep` too), the nearest far enough
  // down: a few pixels more than needed rather than a row cut through its middle (a header's
  // buttons half hidden read as a broken page on a projector). Without one, as little as needed.
  let by = Math.min(bottom, room);
  let best = Infinity;
  for (const stop of stops) {
    const at = stop.getBoundingClientRect().top - b.top;
    if (at >= bottom && at <= room && at < best) best = at;
  }
  if (best < Infinity) by = best;
  box.scrollTop += by;
}

/** Scrolls the box around `el` back to its top (what sits above `el` in it shows too). */
export function scrollWithinToTop(el: HTMLElement): void {
  const box = scroller(el);
  if (box) box.scrollTop = 0;
}
