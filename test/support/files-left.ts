/** What a server started in a fresh folder leaves there: for the stand-ins that keep nothing on disk when told. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Starts a server in a new folder, runs `use` on it, closes it, and lists what is left in the folder. */
export async function filesLeft<T extends { close(): Promise<void> }>(
  prefix: string,
  start: (dir: string) => Promise<T>,
  use: (server: T) => Promise<void>,
): Promise<string[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  try {
    const server = await start(dir);
    try {
      await use(server);
    } finally {
      await server.close();
    }
    return fs.readdirSync(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
