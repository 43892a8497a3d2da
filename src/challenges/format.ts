// Numbers as the verdicts print them.

/** 1,234 */
export const count = (n: number) => n.toLocaleString('en-US');

/** µs as "9.0 µs", "1.25 ms" or, from 0.1 s, "0.74 s" */
export function duration(us: number): string {
  if (us >= 1e5) return `${(us / 1e6).toFixed(2)} s`;
  if (us >= 1e3) return `${(us / 1e3).toFixed(2)} ms`;
  return `${us.toFixed(1)} µs`;
}

/** "2.35×" */
export const ratio = (x: number) => `${x.toFixed(2)}×`;
