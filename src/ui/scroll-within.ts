// Brings an element into sight inside the box that scrolls it (the panel beside the stage),
// never scrolling the page itself: the stage must stay where it is. scrollIntoView would scroll
// every ancestor, the window included.

/** The nearest ancestor of `el` that scrolls vertically; null when only the page does. */
function scroller(el: HTMLElement): HTMLElement | null {
  for (let p = el.parentElement; p; p = p.parentElement) {
    const y = getComputedStyle(p).overflowY;
    if ((y === 'auto' || y === 'scroll') && p.scrollHeight > p.clientHeight) return p;
  }
  return null;
}

/**
 * Scrolls the box around `el` as little as needed for all of `el` to show ('nearest'), or puts
 * `el` at the box's top ('start'). Does nothing when no box scrolls it.
 */
export function scrollWithin(el: HTMLElement, block: 'nearest' | 'start' = 'nearest'): void {
  const box = scroller(el);
  if (!box) return;
  // The box's scroll padding (CSS px) keeps what sticks to its edges (a pager) off what it shows.
  const style = getComputedStyle(box);
  const padTop = parseFloat(style.scrollPaddingTop) || 0;
  const padBottom = parseFloat(style.scrollPaddingBottom) || 0;
  const outer = box.getBoundingClientRect();
  const inner = el.getBoundingClientRect();
  const top = inner.top - (outer.top + padTop);
  const bottom = inner.bottom - (outer.bottom - padBottom);
  const height = outer.height - padTop - padBottom;
  if (block === 'start' || top < 0 || inner.height > height) box.scrollTop += top;
  else if (bottom > 0) box.scrollTop += bottom;
}
