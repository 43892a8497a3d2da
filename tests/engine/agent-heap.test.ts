// The phase run's event queue against the plainest reference: a list kept sorted by (time,
// agent id). Whatever the sequence of queueing, moving (earlier and later), removing and
// popping, the queue hands out agents in that order: ties by the lower id (docs/workloads.md §3).
import { describe, expect, it } from 'vitest';
import { AgentHeap } from '../../src/engine/agent-heap.ts';
import { uniformAt } from '../../src/engine/random.ts';

/** The reference: agent → time for the queued agents; the first is the least (time, id). */
function firstOf(queued: Map<number, number>): number {
  let best = -1;
  let bt = Infinity;
  for (const [a, t] of queued) {
    if (t < bt || (t === bt && a < best)) {
      best = a;
      bt = t;
    }
  }
  return best;
}

describe('the agent heap', () => {
  it('pops in (time, id) order through random sets, moves, removals and pops', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      let draw = 0;
      const rand = () => uniformAt(seed, draw++);
      const agents = 200;
      const heap = new AgentHeap(agents);
      const ref = new Map<number, number>();
      for (let op = 0; op < 20_000; op++) {
        const u = rand();
        const a = Math.floor(rand() * agents);
        // few distinct times, so that ties are common
        const t = Math.floor(rand() * 50);
        if (u < 0.5) {
          heap.set(a, t);
          ref.set(a, t);
        } else if (u < 0.6) {
          heap.remove(a);
          ref.delete(a);
        } else {
          const want = firstOf(ref);
          expect(heap.peek()).toBe(want);
          expect(heap.pop()).toBe(want);
          if (want >= 0) ref.delete(want);
        }
        expect(heap.size).toBe(ref.size);
        expect(heap.queued(a)).toBe(ref.has(a));
      }
      // drained: the rest in order
      while (ref.size > 0) {
        const want = firstOf(ref);
        expect(heap.key[heap.peek()]).toBe(ref.get(want));
        expect(heap.pop()).toBe(want);
        ref.delete(want);
      }
      expect(heap.pop()).toBe(-1);
    }
  });
});
