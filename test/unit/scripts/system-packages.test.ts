/** scripts/setup/system-packages.mjs: what is missing decides which packages, and root or sudo whether it installs them or says how. */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensure, plan, realMachine, type Machine } from '../../../scripts/setup/system-packages.mjs';

const SCRIPT = path.join(import.meta.dirname, '../../../scripts/setup/system-packages.mjs');
const UPDATE = ['apt-get', 'update', '-qq'];
const INSTALL = ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get', 'install', '-y', '-qq', '--no-install-recommends'];

/** A machine that answers as told; `run` records the commands and, when `installs`, brings what was asked. */
function machine(has: {
  java?: boolean;
  chromium?: boolean;
  firefox?: boolean;
  webkit?: boolean;
  root?: boolean;
  sudo?: boolean;
  apt?: boolean;
  installs?: boolean;
  exit?: number;
}) {
  const state = { java: has.java ?? false, chromium: has.chromium ?? false, firefox: has.firefox ?? false, webkit: has.webkit ?? false };
  const ran: string[][] = [];
  const asked = { sudo: 0 };
  const fake: Machine = {
    hasJava: () => state.java,
    hasChromium: () => state.chromium,
    hasFirefox: () => state.firefox,
    hasWebKit: () => state.webkit,
    isRoot: () => has.root ?? false,
    canSudo: () => {
      asked.sudo++;
      return has.sudo ?? false;
    },
    hasApt: () => has.apt ?? true,
    run: (command) => {
      ran.push(command);
      if (has.installs !== false && command.includes('install')) {
        if (command.includes('openjdk-17-jre-headless')) state.java = true;
        if (command.includes('chromium')) state.chromium = true;
        if (command.includes('firefox-esr')) state.firefox = true;
        if (command.includes('webkit2gtk-driver') && command.includes('xvfb')) state.webkit = true;
      }
      return has.exit ?? 0;
    },
  };
  const out: string[] = [];
  const err: string[] = [];
  const print = { log: (l: string) => out.push(l), fail: (l: string) => err.push(l) };
  return { fake, ran, asked, out, err, print };
}

describe('plan', () => {
  it('does nothing when nothing is missing', () => {
    expect(plan({ missing: [], root: false, sudo: false, apt: true })).toEqual({ action: 'none' });
  });

  it('installs only the missing packages, as root without sudo', () => {
    const step = plan({ missing: ['java'], root: true, sudo: false, apt: true });
    expect(step).toMatchObject({ action: 'install', commands: [UPDATE, [...INSTALL, 'openjdk-17-jre-headless']] });
    expect(plan({ missing: ['chromium'], root: true, sudo: false, apt: true })).toMatchObject({
      commands: [UPDATE, [...INSTALL, 'chromium', 'chromium-headless-shell']],
    });
    expect(plan({ missing: ['firefox'], root: true, sudo: false, apt: true })).toMatchObject({
      commands: [UPDATE, [...INSTALL, 'firefox-esr']],
    });
  });

  it('installs with sudo -n when passwordless sudo works', () => {
    expect(plan({ missing: ['java', 'chromium'], root: false, sudo: true, apt: true })).toMatchObject({
      action: 'install',
      commands: [
        ['sudo', '-n', ...UPDATE],
        ['sudo', '-n', ...INSTALL, 'openjdk-17-jre-headless', 'chromium', 'chromium-headless-shell'],
      ],
    });
  });

  it('stops with the one command to run when neither root nor sudo', () => {
    const step = plan({ missing: ['java', 'chromium'], root: false, sudo: false, apt: true });
    expect(step).toEqual({
      action: 'stop',
      message:
        'Missing: Java (for DynamoDB Local) and Chromium (for the browser tests). Install with:\n' +
        '  sudo apt-get update && sudo apt-get install -y --no-install-recommends openjdk-17-jre-headless chromium chromium-headless-shell',
    });
    expect(plan({ missing: ['chromium'], root: false, sudo: false, apt: true })).toMatchObject({
      message: expect.stringMatching(/--no-install-recommends chromium chromium-headless-shell$/),
    });
  });

  it('stops without apt-get, root or not, naming what to install', () => {
    for (const root of [true, false]) {
      const step = plan({ missing: ['java'], root, sudo: false, apt: false });
      expect(step.action).toBe('stop');
      expect(step).toEqual({
        action: 'stop',
        message: 'Missing: Java (for DynamoDB Local). No apt-get here: install a Java 17 runtime yourself.',
      });
    }
  });

  it("does not install Debian's Chromium when CHROMIUM_PATH names another", () => {
    const step = plan({ missing: ['chromium'], root: true, sudo: false, apt: true, chromiumPath: '/opt/chrome/chrome' });
    expect(step).toEqual({
      action: 'stop',
      message: "No Chromium at /opt/chrome/chrome (CHROMIUM_PATH): point it at one, or unset it to use Debian's.",
    });
  });

  it("does not install Debian's Firefox ESR when FIREFOX_PATH names another", () => {
    expect(plan({ missing: ['firefox'], root: true, sudo: false, apt: true, firefoxPath: '/opt/firefox/firefox' })).toEqual({
      action: 'stop',
      message: "No Firefox at /opt/firefox/firefox (FIREFOX_PATH): point it at one, or unset it to use Debian's.",
    });
  });
});

describe('ensure', () => {
  it('succeeds without asking for sudo or running anything when all is there', () => {
    const m = machine({ java: true, chromium: true });
    expect(ensure(['java', 'chromium'], m.fake, m.print)).toBe(0);
    expect(m.ran).toEqual([]);
    expect(m.asked.sudo).toBe(0);
    expect(m.out).toEqual([]);
  });

  it('checks only what it is asked for: `npm start` needs Java, not Chromium', () => {
    const m = machine({ java: true, chromium: false });
    expect(ensure(['java'], m.fake, m.print)).toBe(0);
    expect(m.ran).toEqual([]);
  });

  it('as root, installs what is missing and checks again', () => {
    const m = machine({ java: false, chromium: true, root: true });
    expect(ensure(['java', 'chromium'], m.fake, m.print)).toBe(0);
    expect(m.ran).toEqual([UPDATE, [...INSTALL, 'openjdk-17-jre-headless']]);
    expect(m.asked.sudo).toBe(0);
    expect(m.out).toEqual(['Missing: Java (for DynamoDB Local). Installing with apt-get: openjdk-17-jre-headless']);
  });

  it('with passwordless sudo, installs through sudo -n', () => {
    const m = machine({ sudo: true });
    expect(ensure(['java', 'chromium'], m.fake, m.print)).toBe(0);
    expect(m.ran[1]).toEqual(['sudo', '-n', ...INSTALL, 'openjdk-17-jre-headless', 'chromium', 'chromium-headless-shell']);
  });

  it('without root or sudo, runs nothing and fails with the command', () => {
    const m = machine({ chromium: true });
    expect(ensure(['java', 'chromium'], m.fake, m.print)).toBe(1);
    expect(m.ran).toEqual([]);
    expect(m.err).toEqual([
      'Missing: Java (for DynamoDB Local). Install with:\n  sudo apt-get update && sudo apt-get install -y --no-install-recommends openjdk-17-jre-headless',
    ]);
  });

  it('fails when apt-get fails, and when the package did not bring what was missing', () => {
    const failing = machine({ root: true, exit: 100 });
    expect(ensure(['java'], failing.fake, failing.print)).toBe(1);
    expect(failing.ran).toEqual([UPDATE]);
    expect(failing.err).toEqual(['Failed: apt-get update -qq']);

    const useless = machine({ root: true, installs: false });
    expect(ensure(['java'], useless.fake, useless.print)).toBe(1);
    expect(useless.err).toEqual(['Still missing after apt-get: Java (for DynamoDB Local)']);
  });

  it('installs Firefox ESR, and WebKitGTK with an X server for it, when `npm test` asks for them', () => {
    const m = machine({ java: true, chromium: true, root: true });
    expect(ensure(['java', 'chromium', 'firefox', 'webkit'], m.fake, m.print)).toBe(0);
    expect(m.ran).toEqual([UPDATE, [...INSTALL, 'firefox-esr', 'webkit2gtk-driver', 'xvfb']]);
  });

  it('refuses a need it does not know', () => {
    const m = machine({ java: true });
    expect(ensure(['java', 'safari'], m.fake, m.print)).toBe(2);
    expect(m.err[0]).toMatch(/^Unknown need: safari/);
  });
});

describe('this machine', () => {
  it("asks for the one browser CHROMIUM_PATH names, else for Debian's two", () => {
    expect(realMachine({ CHROMIUM_PATH: process.execPath })).toMatchObject({ chromiumPath: process.execPath });
    expect(realMachine({ CHROMIUM_PATH: process.execPath }).hasChromium()).toBe(true);
    expect(realMachine({ CHROMIUM_PATH: path.join(import.meta.dirname, 'no-such-browser') }).hasChromium()).toBe(false);
    expect(realMachine({}).chromiumPath).toBeUndefined();
  });

  it("asks for the Firefox FIREFOX_PATH names, else for Debian's", () => {
    expect(realMachine({ FIREFOX_PATH: process.execPath }).hasFirefox()).toBe(true);
    expect(realMachine({ FIREFOX_PATH: path.join(import.meta.dirname, 'no-such-browser') }).hasFirefox()).toBe(false);
  });
});

describe('the command', () => {
  it('exits 0 when what it is asked for is there, and 2 for an unknown need', () => {
    // Asks this machine for nothing missing: no need named.
    expect(spawnSync(process.execPath, [SCRIPT], { encoding: 'utf8' }).status).toBe(0);
    const unknown = spawnSync(process.execPath, [SCRIPT, 'safari'], { encoding: 'utf8' });
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toContain('Unknown need: safari');
  });
});
