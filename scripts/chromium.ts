import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The Chromium the end-to-end tests drive: CHROMIUM_PATH or Debian's /usr/bin/chromium. No test tool downloads a
 * browser here; when it is missing and we are root, Debian's package (with fonts for every script the site
 * shows) is installed, otherwise the message says what to install.
 */
export function ensureChromium(): string {
  const path = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(path)) return path;
  if (process.getuid?.() === 0 && !process.env.CHROMIUM_PATH) {
    console.log('Chromium is missing: installing Debian’s chromium package…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-noto-core', 'fonts-noto-cjk'], {
      stdio: 'inherit',
      env,
    });
    if (existsSync(path)) return path;
  }
  console.error(`Chromium not found at ${path}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
