// Enforces the folder boundaries of DESIGN.md §1: which top-level folder may import which.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const ALLOWED = {
  contract: [],
  machines: ['contract'],
  web: ['contract', 'machines'],
  edge: [],
  api: ['contract'],
};
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (['node_modules', 'dist', '.wrangler'].includes(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

const problems = [];
for (const [folder, allowed] of Object.entries(ALLOWED)) {
  let dirFiles;
  try {
    dirFiles = [...files(join(root, folder))];
  } catch {
    continue;
  }
  for (const file of dirFiles) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(IMPORT)) {
      const spec = match[1] ?? match[2] ?? match[3];
      if (!spec.startsWith('.')) continue;
      const target = relative(root, resolve(dirname(file), spec)).split('/')[0];
      if (target !== folder && target in ALLOWED && !allowed.includes(target)) {
        problems.push(`${relative(root, file)} imports ${spec} (${folder}/ may not import ${target}/)`);
      }
    }
  }
}
if (problems.length) {
  console.error(`Folder boundary violations:\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log('Folder boundaries respected.');
