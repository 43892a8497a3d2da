// Which machine of the papers a scenario is, if any: a published number holds only for the
// configuration it was measured on. Recognised by the noise, not the title (a user may retitle
// a preset): ASCI Q's 2002 and 2003 presets differ in the ten daemons removed in January 2003
// and in the RMS monitoring interval, 30 s → 60 s (000 sec 4); Jaguar XT5's stock and Reduced
// Noise kernels in their work queues (per core on the stock kernel). A scenario whose noise was
// switched off or changed in those ways is none of them.
import type { Scenario } from '../scenario/types.ts';
import type { PublishedMachine } from './types.ts';

/** µs: the RMS daemons' interval before and after the January 2003 changes (000 sec 3.2, 4) */
const RMS_2002_US = 30e6;
const RMS_2003_US = 60e6;

export function publishedMachine(s: Scenario): PublishedMachine | null {
  const name = s.machine.name;
  const byId = new Map(s.noise.map((n) => [n.id, n]));
  if (/\basci\s*q\b/i.test(name)) {
    const daemons = s.noise.filter((n) => n.id.startsWith('daemon-'));
    const rest = s.noise.filter((n) => !n.id.startsWith('daemon-'));
    const rms = byId.get('rms-15ms');
    if (!rms || daemons.length === 0 || !rest.every((n) => n.enabled)) return null;
    if (daemons.every((d) => d.enabled) && rms.periodUs === RMS_2002_US) return 'asci-q-2002';
    if (daemons.every((d) => !d.enabled) && rms.periodUs === RMS_2003_US) return 'asci-q-2003';
    return null;
  }
  if (/jaguar|\bxt5\b/i.test(name)) {
    if (!s.noise.every((n) => n.enabled)) return null;
    if (byId.has('work-queue-core0')) return 'jaguar-xt5-stock';
    if (byId.has('work-queues')) return 'jaguar-xt5-rn';
  }
  return null;
}
