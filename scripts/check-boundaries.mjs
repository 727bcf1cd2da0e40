// Enforces the folder boundaries of architecture.md §1 and docs/architecture.md: which top-level folder may
// import which, and inside web/ and api/ that a feature reaches another feature only through its index.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const ALLOWED = {
  contract: [],
  machines: ['contract'],
  web: ['contract', 'machines'],
  edge: ['contract'],
  api: ['contract'],
};

/** Sub-folders of web/ and api/ that every feature may use; they may not import a feature. */
const SHARED = {
  web: ['ui', 'lib', 'testing', 'dev'],
  api: ['lib', 'db', 'test'],
};

/**
 * Adapters to an outside system (api/leon: the Leon client and its simulator). Like a shared folder they
 * import no feature and anyone may use them, shared folders included (api/lib's Deps holds a Leon
 * source); like a feature they are reached only through their index.
 */
const ADAPTERS = {
  web: [],
  api: ['leon'],
};

// `file → import` pairs tolerated for now; issue #10 emptied it, and it must stay empty.
export const KNOWN_API_VIOLATIONS = [];

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

const isDirectory = (path) => statSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
const posix = (path) => path.split(sep).join('/');

/**
 * Where a file sits inside web/ or api/: `root` for a file directly in the folder (app.tsx, server.ts…),
 * `shared` for ui/, lib/…, otherwise the feature folder's name.
 */
function placeOf(parts, isDirectory = false) {
  const [top, second] = parts;
  if (!(top in SHARED)) return null;
  if (parts.length === 2 && !isDirectory) return { kind: 'root' };
  if (SHARED[top].includes(second)) return { kind: 'shared', name: second };
  if (ADAPTERS[top].includes(second)) return { kind: 'adapter', name: second };
  return { kind: 'feature', name: second };
}

/** `web/missions`, `web/missions/index` or `web/missions/index.ts`: the feature's public face. */
const isIndex = (parts) =>
  parts.length === 2 || (parts.length === 3 && parts[2].replace(/\.(ts|tsx|mts|mjs|js)$/, '') === 'index');

/**
 * Every boundary violation under `root`, as readable lines. `known` lists `file → import` pairs that are
 * tolerated for now (see KNOWN_API_VIOLATIONS); `unused` returns those that no longer occur.
 */
export function checkBoundaries(root, known = []) {
  const problems = [];
  const tolerated = new Set(known);
  const seen = new Set();
  for (const [folder, allowed] of Object.entries(ALLOWED)) {
    let dirFiles;
    try {
      dirFiles = [...files(join(root, folder))];
    } catch {
      continue;
    }
    for (const file of dirFiles) {
      const from = posix(relative(root, file));
      const fromParts = from.split('/');
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(IMPORT)) {
        const spec = match[1] ?? match[2] ?? match[3];
        if (!spec.startsWith('.')) continue;
        const toParts = posix(relative(root, resolve(dirname(file), spec))).split('/');
        const target = toParts[0];
        if (target !== folder && target in ALLOWED && !allowed.includes(target)) {
          problems.push(`${from} imports ${spec} (${folder}/ may not import ${target}/)`);
          continue;
        }
        if (target !== folder || !(folder in SHARED)) continue;
        const source = placeOf(fromParts);
        const dest = placeOf(toParts, isDirectory(join(root, ...toParts)));
        if (dest?.kind !== 'feature' && dest?.kind !== 'adapter') continue;
        if (source.kind === dest.kind && source.name === dest.name) continue;
        let problem = null;
        if ((source.kind === 'shared' || source.kind === 'adapter') && dest.kind === 'feature') {
          problem = `${folder}/${source.name}/ is ${source.kind === 'shared' ? 'shared' : 'an adapter'} and may not import the feature ${folder}/${dest.name}/`;
        } else if (!isIndex(toParts)) {
          problem = `only ${folder}/${dest.name}/index.ts may be imported from outside ${folder}/${dest.name}/`;
        }
        if (!problem) continue;
        const pair = `${from} → ${spec}`;
        if (tolerated.has(pair)) {
          seen.add(pair);
          continue;
        }
        problems.push(`${from} imports ${spec} (${problem})`);
      }
    }
  }
  return { problems, unused: known.filter((pair) => !seen.has(pair)) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const root = resolve(import.meta.dirname, '..');
  const { problems, unused } = checkBoundaries(root, KNOWN_API_VIOLATIONS);
  if (unused.length) {
    console.warn(
      `Known violations that no longer occur (remove them from KNOWN_API_VIOLATIONS):\n  ${unused.join('\n  ')}`,
    );
  }
  if (problems.length) {
    console.error(`Folder boundary violations:\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(
    `Folder boundaries respected${KNOWN_API_VIOLATIONS.length - unused.length ? ` (${KNOWN_API_VIOLATIONS.length - unused.length} known api/ violations tolerated)` : ''}.`,
  );
}
