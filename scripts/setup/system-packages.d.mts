// Types of system-packages.mjs (plain JavaScript so that it runs before `npm ci`), for the TypeScript that imports it.
export type Need = 'java' | 'chromium' | 'firefox' | 'webkit';

export declare const DEFAULT_CHROMIUM: string;
export declare const TEST_CHROMIUM: string;
export declare const DEFAULT_FIREFOX: string;
export declare const WEBKIT_DRIVER: string;
/** The MiniBrowser Debian installs, if any. */
export declare function webkitBrowser(): string | undefined;
export declare const NEEDS: Record<Need, { label: string; pkgs: string[]; elsewhere: string }>;

export type Step = { action: 'none' } | { action: 'stop'; message: string } | { action: 'install'; message: string; commands: string[][] };

export declare function plan(state: {
  missing: Need[];
  root: boolean;
  sudo: boolean;
  apt: boolean;
  chromiumPath?: string;
  firefoxPath?: string;
}): Step;

export interface Machine {
  /** CHROMIUM_PATH, when set: the one browser to use. */
  chromiumPath?: string;
  /** FIREFOX_PATH, when set: the Firefox to use. */
  firefoxPath?: string;
  hasJava(): boolean;
  hasChromium(): boolean;
  hasFirefox(): boolean;
  hasWebKit(): boolean;
  isRoot(): boolean;
  canSudo(): boolean;
  hasApt(): boolean;
  /** Runs a command, its output shown; returns its exit code. */
  run(command: string[]): number;
}

export declare function missingNeeds(needs: Need[], machine: Pick<Machine, 'hasJava' | 'hasChromium' | 'hasFirefox' | 'hasWebKit'>): Need[];

export declare function ensure(
  needs: string[],
  machine: Machine,
  print?: { log?: (line: string) => void; fail?: (line: string) => void },
): number;

export declare function realMachine(env?: NodeJS.ProcessEnv): Machine;
