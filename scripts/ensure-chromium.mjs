#!/usr/bin/env node
// The browser tests drive Debian's Chromium (never a downloaded browser).
// On a fresh machine this installs it when we may (root with apt-get), and
// otherwise says exactly what to run.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (existsSync(path)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (process.env.CHROMIUM_PATH || !isRoot || !hasApt) {
  console.error(
    `ensure-chromium: no Chromium at ${path}. Install Debian's package (sudo apt-get install -y chromium) ` +
      'or point CHROMIUM_PATH at a Chromium binary.',
  );
  process.exit(1);
}
console.log('ensure-chromium: installing Debian chromium (one time)…');
execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
  stdio: 'inherit',
});
if (!existsSync(path)) {
  console.error(`ensure-chromium: apt-get finished but ${path} is still missing`);
  process.exit(1);
}
