/**
 * The Debian packages the project needs beside Node: a Java runtime for DynamoDB Local (`npm start`, the API
 * and browser tests), Chromium (its headless shell for the browser tests, the whole browser for the benches
 * that load pages as a visitor's browser does), and Firefox ESR and WebKitGTK (with Xvfb for its windows), in which
 * the main journeys run again. Missing ones are installed with apt-get when running
 * as root or with passwordless sudo; otherwise it stops and prints the one command to run.
 *
 *   node scripts/setup/system-packages.mjs java chromium firefox webkit
 *
 * `npm start` (java), `npm test` (java chromium firefox webkit) and `.ci/run` call it. Plain Node with no dependency, so it
 * also runs before `npm ci`. Its decisions (`plan`, `ensure`) take the machine's answers as arguments, for the
 * unit tests (test/unit/scripts/system-packages.test.ts).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

export const DEFAULT_CHROMIUM = '/usr/bin/chromium';
/**
 * The browser tests drive Chromium's headless shell: the same engine without the browser's windowing layers,
 * about a fifth less CPU for the same tests on two cores.
 */
export const TEST_CHROMIUM = '/usr/bin/chromium-headless-shell';
/** Debian's Firefox ESR, driven over WebDriver BiDi (test/support/firefox-bidi.mjs). */
export const DEFAULT_FIREFOX = '/usr/bin/firefox-esr';
/** Debian's WebKitGTK (Safari's engine): its WebDriver, which starts its MiniBrowser, in an X server of its own (Xvfb). */
export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
/** Where Debian puts the MiniBrowser: under the machine's own library folder (x86_64-linux-gnu, aarch64-linux-gnu, ...). */
export function webkitBrowser() {
  for (const dir of fs.existsSync('/usr/lib') ? fs.readdirSync('/usr/lib') : []) {
    const file = `/usr/lib/${dir}/webkit2gtk-4.1/MiniBrowser`;
    if (dir.endsWith('-linux-gnu') && fs.existsSync(file)) return file;
  }
  return undefined;
}

/** What each need is called in messages, the Debian package that brings it, and what to get without apt. */
export const NEEDS = {
  java: { label: 'Java (for DynamoDB Local)', pkgs: ['openjdk-17-jre-headless'], elsewhere: 'a Java 17 runtime' },
  chromium: {
    label: 'Chromium (for the browser tests)',
    pkgs: ['chromium', 'chromium-headless-shell'],
    elsewhere: 'Chromium (or set CHROMIUM_PATH)',
  },
  firefox: {
    label: 'Firefox ESR (for the journeys in a second engine)',
    pkgs: ['firefox-esr'],
    elsewhere: 'Firefox ESR (or set FIREFOX_PATH)',
  },
  webkit: {
    label: 'WebKitGTK and Xvfb (for the journeys in a third engine)',
    pkgs: ['webkit2gtk-driver', 'xvfb'],
    elsewhere: "WebKitGTK's WebKitWebDriver and MiniBrowser, and Xvfb",
  },
};

/**
 * What to do about the missing needs: nothing, the apt-get commands to run, or a message to stop with.
 * `chromiumPath` is a browser named by CHROMIUM_PATH: when it is missing, installing Debian's would not help.
 */
export function plan({ missing, root, sudo, apt, chromiumPath, firefoxPath }) {
  if (missing.length === 0) return { action: 'none' };
  if (missing.includes('chromium') && chromiumPath) {
    return { action: 'stop', message: `No Chromium at ${chromiumPath} (CHROMIUM_PATH): point it at one, or unset it to use Debian's.` };
  }
  if (missing.includes('firefox') && firefoxPath) {
    return { action: 'stop', message: `No Firefox at ${firefoxPath} (FIREFOX_PATH): point it at one, or unset it to use Debian's.` };
  }
  const packages = missing.flatMap((need) => NEEDS[need].pkgs);
  const labels = missing.map((need) => NEEDS[need].label).join(' and ');
  if (!apt) {
    return {
      action: 'stop',
      message: `Missing: ${labels}. No apt-get here: install ${missing.map((need) => NEEDS[need].elsewhere).join(' and ')} yourself.`,
    };
  }
  if (!root && !sudo) {
    return {
      action: 'stop',
      message: `Missing: ${labels}. Install with:\n  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${packages.join(' ')}`,
    };
  }
  const as = root ? [] : ['sudo', '-n'];
  return {
    action: 'install',
    message: `Missing: ${labels}. Installing with apt-get: ${packages.join(' ')}`,
    commands: [
      [...as, 'apt-get', 'update', '-qq'],
      [...as, 'env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', '--no-install-recommends', ...packages],
    ],
  };
}

/** The needs this machine lacks, in the order asked. */
export function missingNeeds(needs, machine) {
  const has = {
    java: () => machine.hasJava(),
    chromium: () => machine.hasChromium(),
    firefox: () => machine.hasFirefox(),
    webkit: () => machine.hasWebKit(),
  };
  return needs.filter((need) => !has[need]());
}

/**
 * Checks the needs and installs what is missing; returns the exit code (0: all there). `machine` answers the
 * questions and runs the commands; `log` and `fail` print.
 */
export function ensure(needs, machine, { log = console.log, fail = console.error } = {}) {
  const unknown = needs.filter((need) => !(need in NEEDS));
  if (unknown.length > 0) {
    fail(`Unknown need: ${unknown.join(', ')} (known: ${Object.keys(NEEDS).join(', ')})`);
    return 2;
  }
  const missing = missingNeeds(needs, machine);
  if (missing.length === 0) return 0;
  const root = machine.isRoot();
  const step = plan({
    missing,
    root,
    sudo: !root && machine.canSudo(),
    apt: machine.hasApt(),
    chromiumPath: machine.chromiumPath,
    firefoxPath: machine.firefoxPath,
  });
  if (step.action === 'stop') {
    fail(step.message);
    return 1;
  }
  log(step.message);
  for (const command of step.commands) {
    if (machine.run(command) !== 0) {
      fail(`Failed: ${command.join(' ')}`);
      return 1;
    }
  }
  const still = missingNeeds(missing, machine);
  if (still.length > 0) {
    fail(`Still missing after apt-get: ${still.map((need) => NEEDS[need].label).join(' and ')}`);
    return 1;
  }
  return 0;
}

const succeeds = (command, args) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

/** This machine, asked for real. */
export function realMachine(env = process.env) {
  const chromiumPath = env.CHROMIUM_PATH || undefined;
  const firefoxPath = env.FIREFOX_PATH || undefined;
  const runs = (file) => {
    try {
      fs.accessSync(file, fs.constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  return {
    chromiumPath,
    firefoxPath,
    hasJava: () => succeeds('java', ['-version']),
    hasChromium: () => (chromiumPath ? runs(chromiumPath) : runs(DEFAULT_CHROMIUM) && runs(TEST_CHROMIUM)),
    hasFirefox: () => runs(firefoxPath ?? DEFAULT_FIREFOX),
    hasWebKit: () => runs(WEBKIT_DRIVER) && Boolean(webkitBrowser()) && succeeds('sh', ['-c', 'command -v Xvfb']),
    isRoot: () => process.getuid?.() === 0,
    canSudo: () => succeeds('sudo', ['-n', 'true']),
    hasApt: () => succeeds('apt-get', ['--version']),
    run: (command) => spawnSync(command[0], command.slice(1), { stdio: 'inherit' }).status ?? 1,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = ensure(process.argv.slice(2), realMachine());
}
