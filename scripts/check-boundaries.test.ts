// The boundary check on small trees built for the test: a cross-feature import fails, a clean tree passes.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { checkBoundaries, KNOWN_API_VIOLATIONS } from './check-boundaries.mjs';

type Check = (root: string, known?: string[]) => { problems: string[]; unused: string[] };
const check = checkBoundaries as Check;

const roots: string[] = [];
function tree(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

const CLEAN = {
  'contract/roles.ts': 'export const ROLES = [];\n',
  'web/app.tsx': "import { Users } from './users';\nimport { Button } from './ui/button';\n",
  'web/routes.tsx': "const Missions = () => import('./missions/index');\n",
  'web/ui/button.tsx': "import { ROLES } from '../../contract/roles';\n",
  'web/users/index.ts': "export { Users } from './users-screen';\n",
  'web/users/users-screen.tsx':
    "import { Button } from '../ui/button';\nimport { Missions } from '../missions';\n",
  'web/missions/index.ts': "export * from './list';\n",
  'web/missions/list.tsx': "import { a } from './format';\n",
  'api/app.ts': "import { routes } from './missions/index.ts';\n",
  'api/missions/index.ts': "export { routes } from './routes';\nimport { db } from '../db/client';\n",
};

/** The problems found in the clean tree with `files` added or replaced. */
const problemsWith = (files: Record<string, string>) => check(tree({ ...CLEAN, ...files })).problems;

describe('check-boundaries', () => {
  it('passes a tree where features meet only through their index', () => {
    expect(check(tree(CLEAN)).problems).toEqual([]);
  });

  it("fails on a feature importing another feature's insides, on web/ and api/", () => {
    const problems = problemsWith({
      'web/users/users-screen.tsx': "import { List } from '../missions/list';\n",
      'api/users/routes.ts': "import { hash } from '../auth/passwords';\n",
    });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('web/users/users-screen.tsx imports ../missions/list');
    expect(problems[1]).toContain('api/users/routes.ts imports ../auth/passwords');
  });

  it('fails on a shared folder importing a feature, even its index, and on an entry file going past an index', () => {
    const problems = problemsWith({
      'web/ui/button.tsx': "import { Missions } from '../missions';\n",
      'web/routes.tsx': "const Missions = () => import('./missions/list');\n",
    });
    expect(problems).toHaveLength(2);
    expect(problems.join('\n')).toMatch(/web\/ui\/button\.tsx imports \.\.\/missions/);
    expect(problems.join('\n')).toMatch(/web\/routes\.tsx imports \.\/missions\/list/);
  });

  it('lets anyone use an adapter (api/leon) through its index only, and keeps it from importing a feature', () => {
    const adapterUses = {
      'api/leon/index.ts': "export { client } from './client';\n",
      'api/leon/client.ts': "import { fail } from '../lib/errors';\n",
      'api/lib/context.ts': "import type { LeonSource } from '../leon';\n",
      'api/missions/routes.ts': "import { client } from '../leon/client';\n",
      'api/leon/mapping.ts': "import { routes } from '../missions';\n",
    };
    expect(problemsWith(adapterUses)).toEqual([
      'api/leon/mapping.ts imports ../missions (api/leon/ is an adapter and may not import the feature api/missions/)',
      'api/missions/routes.ts imports ../leon/client (only api/leon/index.ts may be imported from outside api/leon/)',
    ]);
  });

  it('keeps the top-level rules', () => {
    expect(problemsWith({ 'web/lib/api.ts': "import { db } from '../../api/db/client';\n" })).toEqual([
      'web/lib/api.ts imports ../../api/db/client (web/ may not import api/)',
    ]);
  });

  it('tolerates the listed known violations and tells which ones are gone', () => {
    const root = tree({ ...CLEAN, 'api/users/routes.ts': "import { hash } from '../auth/passwords';\n" });
    const known = ['api/users/routes.ts → ../auth/passwords', 'api/lib/auth.ts → ../auth/sessions'];
    expect(check(root, known)).toEqual({ problems: [], unused: ['api/lib/auth.ts → ../auth/sessions'] });
  });

  it('passes on this repository with no tolerated violation left', () => {
    expect(KNOWN_API_VIOLATIONS).toEqual([]);
    expect(check(join(import.meta.dirname, '..')).problems).toEqual([]);
  });
});
