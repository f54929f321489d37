/**
 * The processing function's working folder and its downloads, for processing an upload, measuring a stored
 * track and making a codec preview alike.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as media from './data/media.js';

/**
 * One working folder per process, emptied at each run: a run killed part-way (a timeout, a crash) leaves
 * nothing that could fill a reused container's /tmp.
 */
export function freshWorkDir(): string {
  const dir = path.join(os.tmpdir(), `processing-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** Downloads a stored object to `file`: false when it is not there (deleted meanwhile). */
export async function downloadStored(key: string, file: string): Promise<boolean> {
  try {
    await media.downloadToFile(key, file);
    return true;
  } catch (err) {
    if ((err as Error).name === 'NoSuchKey') return false;
    throw err;
  }
}
