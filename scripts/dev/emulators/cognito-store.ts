/**
 * cognito-local's data (the pool's users, its app clients), held in memory. cognito-local's own store wrote the
 * whole pool to its file, pretty-printed, on every change: with the thousands of users a run of the tests
 * makes, each sign-up, confirmation and sign-in rewrote megabytes. Here a pool whose stack keeps its data
 * (`npm start`) is written on a change as before, but changes that arrive while a write is under way share the next
 * one; a pool whose stack throws its data away (the tests') is never written.
 */
import fs from 'node:fs';
import path from 'node:path';

type Key = string | string[];
type Tree = Record<string, unknown>;

/** cognito-local keeps dates as Date objects: they go to the file as ISO strings and come back as dates. */
const reviveDates = (key: string, value: unknown) =>
  key.endsWith('Date') && (typeof value === 'string' || typeof value === 'number') ? new Date(value) : value;

const keys = (key: Key) => (Array.isArray(key) ? key : [key]);

class PoolStore {
  private writing: Promise<void> | null = null;
  private again: Promise<void> | null = null;

  constructor(
    private readonly root: Tree,
    private readonly file: string | null,
  ) {}

  async getRoot() {
    return this.root;
  }

  async get(_ctx: unknown, key: Key, defaultValue: unknown = null) {
    let at: unknown = this.root;
    for (const k of keys(key)) at = at && typeof at === 'object' ? (at as Tree)[k] : undefined;
    return at ?? defaultValue;
  }

  async set(_ctx: unknown, key: Key, value: unknown) {
    const steps = keys(key);
    let at = this.root;
    for (const k of steps.slice(0, -1)) at = (at[k] ??= {}) as Tree;
    at[steps[steps.length - 1]] = value;
    await this.persist();
  }

  async delete(_ctx: unknown, key: Key) {
    const steps = keys(key);
    let at: unknown = this.root;
    for (const k of steps.slice(0, -1)) at = at && typeof at === 'object' ? (at as Tree)[k] : undefined;
    if (at && typeof at === 'object') delete (at as Tree)[steps[steps.length - 1]];
    await this.persist();
  }

  /** Resolves once a write that began after this change has finished (one write serves every change before it). */
  persist(): Promise<void> {
    if (!this.file) return Promise.resolve();
    if (!this.writing) return (this.writing = this.write().finally(() => (this.writing = null)));
    // After the write under way, whether it worked or not: a failed write must not stop the next ones.
    this.again ??= this.writing.then(
      () => ((this.again = null), this.persist()),
      () => ((this.again = null), this.persist()),
    );
    return this.again;
  }

  private async write() {
    const file = this.file!;
    const temp = `${file}.${process.pid}.tmp`;
    await fs.promises.writeFile(temp, JSON.stringify(this.root));
    await fs.promises.rename(temp, file);
  }
}

/** Stands in for cognito-local's data store factory: `directory` null keeps every pool in memory only. */
export class PoolStoreFactory {
  constructor(private readonly directory: string | null) {}

  async create(_ctx: unknown, id: string, defaults: Tree) {
    if (!this.directory) return new PoolStore(structuredClone(defaults), null);
    await fs.promises.mkdir(this.directory, { recursive: true });
    const file = path.join(this.directory, `${id}.json`);
    const text = await fs.promises.readFile(file, 'utf8').catch(() => '');
    // An existing file (cognito-local's own, or ours) is read as it stands; what it lacks takes the defaults.
    const store = new PoolStore({ ...structuredClone(defaults), ...(text.trim() ? (JSON.parse(text, reviveDates) as Tree) : {}) }, file);
    await store.persist();
    return store;
  }
}
