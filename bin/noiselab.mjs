#!/usr/bin/env node
// Launcher of the noiselab CLI (package.json "bin"): runs src/cli/main.ts through tsx in a
// child Node process, passing the arguments, the terminal and the exit status through. tsx is
// resolved from this file, not from the working directory, so `noiselab` works from anywhere.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const main = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
const tsx = import.meta.resolve('tsx');
const child = spawnSync(process.execPath, ['--import', tsx, main, ...process.argv.slice(2)], {
  stdio: 'inherit',
});
if (child.error) {
  process.stderr.write(`noiselab: cannot start ${main}: ${child.error.message}\n`);
  process.exitCode = 1;
} else if (child.signal) {
  // Die of the same signal, so a shell sees the usual status (130 for Ctrl-C).
  process.kill(process.pid, child.signal);
} else {
  process.exitCode = child.status ?? 1;
}
