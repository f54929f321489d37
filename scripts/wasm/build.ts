/**
 * Assembles the WebAssembly kernels (`*.wat` beside the code that loads them) into TypeScript modules that
 * carry their bytes, so the functions' bundles need no file beside them and no build step of their own.
 * `npm run build:wasm` writes them; a unit test fails when a committed module is not its source's assembly.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import initWabt from 'wabt';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Each kernel's source and the module written from it. */
export const KERNELS = [
  { source: 'functions/tracks/audio/sample-scan.wat', module: 'functions/tracks/audio/sample-scan-kernel.ts' },
  { source: 'functions/tracks/audio/findings-scan.wat', module: 'functions/tracks/audio/findings-scan-kernel.ts' },
];

export async function assemble(source: string): Promise<Uint8Array> {
  const wabt = await initWabt();
  const parsed = wabt.parseWat(source, fs.readFileSync(path.join(root, source), 'utf8'), { simd: true });
  try {
    parsed.resolveNames();
    parsed.validate();
    return parsed.toBinary({}).buffer;
  } finally {
    parsed.destroy();
  }
}

/** The module carrying `bytes`, formatted as the repository's formatter would leave it. */
export async function moduleText(source: string, module: string, bytes: Uint8Array): Promise<string> {
  const text = [
    `// Written by \`npm run build:wasm\` from ./${path.basename(source)}: do not edit.`,
    `export const KERNEL = '${Buffer.from(bytes).toString('base64')}';`,
    '',
  ].join('\n');
  const file = path.join(root, module);
  return prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const { source, module } of KERNELS) {
    const bytes = await assemble(source);
    fs.writeFileSync(path.join(root, module), await moduleText(source, module, bytes));
    console.log(`${module}: ${bytes.length} bytes`);
  }
}
