// A part worker's message handler (a partitioned run, src/engine/partitioned-run.ts): one
// BarrierRun restricted to a range of nodes, stepped one iteration per message. Apart from the
// worker global so tests can drive it over a MessageChannel.
import { BarrierRun } from '../src/engine/barrier-run.ts';
import { packReport, partReport } from '../src/engine/part-report.ts';
import { RunLimitError } from '../src/engine/run-limit.ts';
import type { PartReply, PartRequest } from '../src/protocol.ts';

export function createPartHandler(
  post: (reply: PartReply, transfer: ArrayBuffer[]) => void,
): (event: { data: PartRequest }) => void {
  let run: BarrierRun | null = null;
  let lo = 0;
  let hi = 0;
  return ({ data }) => {
    try {
      if (data.type === 'part-init') {
        // Built for its range only: the noise table of the other parts' nodes is theirs.
        run = new BarrierRun(data.scenario, { range: [data.lo, data.hi], exact: data.exact });
        lo = data.lo;
        hi = data.hi;
        return;
      }
      if (run === null) throw new Error('a part was asked to step before it was given its nodes');
      run.stepPart(data.t);
      const packed = packReport(partReport(run, lo, hi, data.delays));
      post({ type: 'part-report', packed }, [packed.buffer]);
    } catch (error) {
      post(
        {
          type: 'part-error',
          message: error instanceof Error ? error.message : String(error),
          limit: error instanceof RunLimitError,
        },
        [],
      );
    }
  };
}
