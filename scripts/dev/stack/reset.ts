/** `npm run reset`: wipes the local data (tables, accounts, files) under .data/. */
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(process.env.DATA_DIR ?? '.data');
fs.rmSync(dir, { recursive: true, force: true });
console.log(`Local data wiped (${path.relative(process.cwd(), dir) || dir}). The next \`npm start\` seeds fresh demo data.`);
