// Shows the classroom state on the page: classes on <html> for global.css (`projector`,
// `embedded`, `no-links`), its parameters in the address (replaced, no history entry), and in
// projector mode each chart's scale for the CSS that keeps chart text and lines large on screen.
import type { Classroom } from '../../state/classroom.svelte.ts';
import { trackSvgScale } from './svg-scale.ts';

/** Call it in an effect (it reads the rune state it reflects); it returns the effect's teardown. */
export function reflectClassroom(
  classroom: Classroom,
  root: HTMLElement,
  at: Location,
): (() => void) | undefined {
  root.classList.toggle('projector', classroom.projector);
  root.classList.toggle('embedded', classroom.embedded);
  root.classList.toggle('no-links', !classroom.links);
  const search = classroom.search(at.search);
  if (search !== at.search) {
    try {
      history.replaceState(history.state, '', `${at.pathname}${search}${at.hash}`);
    } catch {
      // A sandboxed frame may refuse: the mode still applies, only a reload forgets it.
    }
  }
  return classroom.projector ? trackSvgScale(root) : undefined;
}
