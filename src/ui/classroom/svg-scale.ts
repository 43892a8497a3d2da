// The charts draw in viewBox units and scale with their box, so a size in CSS says nothing of
// the size on screen. Projector mode wants text of at least 18 px and lines of at least 3 px on
// screen: this keeps `--svg-scale` (screen px per viewBox unit) on every chart's <svg>, for
// global.css to divide by. Charts come and go (views mount late, one view at a time): watched.

const CHARTS = '.chart svg[viewBox]';

/** Starts keeping `--svg-scale` on the charts under `root`; returns the function that stops. */
export function trackSvgScale(root: HTMLElement): () => void {
  const seen = new WeakSet<Element>();
  const resized = new ResizeObserver((entries) => {
    for (const entry of entries) setScale(entry.target as SVGSVGElement);
  });
  const scan = () => {
    for (const svg of root.querySelectorAll<SVGSVGElement>(CHARTS)) {
      if (!seen.has(svg)) {
        seen.add(svg);
        resized.observe(svg);
      }
    }
  };
  const changed = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'attributes' && r.target instanceof SVGSVGElement) setScale(r.target);
    }
    scan();
  });
  changed.observe(root, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['viewBox'],
  });
  scan();
  return () => {
    resized.disconnect();
    changed.disconnect();
    for (const svg of root.querySelectorAll<SVGSVGElement>(CHARTS)) {
      svg.style.removeProperty('--svg-scale');
    }
  };
}

/** Screen px per viewBox unit: the smaller ratio, as preserveAspectRatio "meet" draws it. */
function setScale(svg: SVGSVGElement): void {
  const view = svg.viewBox.baseVal;
  const box = svg.getBoundingClientRect();
  if (!view || view.width <= 0 || view.height <= 0 || box.width <= 0) return;
  const scale = Math.min(box.width / view.width, box.height / view.height);
  svg.style.setProperty('--svg-scale', scale.toFixed(4));
}
