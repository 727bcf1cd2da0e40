// Import cycles: no module may reach itself through its imports, type-only ones included (a type import
// still ties the two files together). Run by `npm run lint` and scripts/test.mjs; exits 1 with the list.
import { fileURLToPath } from 'node:url';
import madge from 'madge';

const root = fileURLToPath(new URL('..', import.meta.url));
const FOLDERS = ['contract', 'machines', 'web', 'api', 'edge'];

const result = await madge(FOLDERS, {
  baseDir: root,
  tsConfig: 'tsconfig.json',
  fileExtensions: ['ts', 'tsx'],
  excludeRegExp: [/node_modules/, /\.d\.ts$/],
  detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
});

const circles = result.circular();
if (circles.length > 0) {
  console.error(`${circles.length} import cycle(s):`);
  for (const circle of circles) console.error(`  ${[...circle, circle[0]].join(' → ')}`);
  process.exit(1);
}
console.log(`No import cycle among ${Object.keys(result.obj()).length} modules.`);
