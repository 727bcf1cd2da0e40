// Finds a Chromium for the browser tests: $CHROMIUM_PATH, then Debian's /usr/bin/chromium, then
// Playwright's own download. When none is found and apt-get can be used as root, installs Debian's
// `chromium`; otherwise stops with a message that says how to get one.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  try {
    candidates.push(require('playwright-core').chromium.executablePath());
  } catch {
    // playwright-core is not installed: no bundled browser to look for.
  }
  return candidates.find((path) => path && existsSync(path)) ?? null;
}

function canUseApt() {
  return process.getuid?.() === 0 && spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Returns a Chromium path, installing Debian's package when possible; exits with advice otherwise. */
export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  if (canUseApt()) {
    console.log('Chromium not found: installing Debian package "chromium" with apt-get…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const install = () =>
      spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
        stdio: 'inherit',
        env,
      });
    if (install().status !== 0) {
      execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
      if (install().status !== 0) throw new Error('apt-get install chromium failed');
    }
    const installed = findChromium();
    if (installed) return installed;
  }
  console.error(
    [
      'No Chromium found for the browser tests.',
      'Install one, then run the tests again:',
      '  - Debian/Ubuntu: sudo apt-get install chromium',
      '  - or point CHROMIUM_PATH at an existing Chrome/Chromium binary.',
    ].join('\n'),
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(ensureChromium());
