// The packages the production bundle of the API (`npm run build:api`, dist/api/*.js) names: its static
// imports, its dynamic `import()`s and what it asks of `createRequire` (`require(…)`, `require.resolve(…)`,
// e.g. the PDF fonts). These, and only these, are the runtime's packages (package.json `dependencies`, what
// the container installs: docs/decisions/066). Read by scripts/runtime-packages.test.ts and by the
// container's replay, scripts/container-check.mjs.
import { readdirSync, readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * Packages the bundle names but production never loads, so that they stay out of `dependencies` and out
 * of the container. Each must be loaded with a dynamic `import()` only, never a static import.
 */
export const DEVELOPMENT_ONLY = {
  // The embedded database: api/db/client.ts imports it when no DATABASE_URL is set, which production
  // refuses (api/lib/config.ts). `npm start`, the tests and the benches install devDependencies.
  '@electric-sql/pglite': 'the embedded PGlite, opened only without DATABASE_URL (refused in production)',
};

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
export function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The literal text of a module name argument, or the literal start of a template (`` `pkg/${x}` ``). */
function literalOf(node) {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node))
    return { text: node.text, whole: true };
  if (ts.isTemplateExpression(node)) return { text: node.head.text, whole: false };
  return undefined;
}

/**
 * Every module name one file of the bundle imports or requires, with how: `static` (loaded with the
 * file), `dynamic` (`import()`, loaded when that code runs) or `require` (`createRequire`'s `require` or
 * `require.resolve`). `whole` is false when only the start of the name is written (a template).
 */
export function importsOf(fileName, text) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const found = [];
  // Names bound to `createRequire(…)` (esbuild renames `require` to `require2`…), and `require` itself.
  const requires = new Set(['require']);
  const add = (node, kind, argument) => {
    const literal = literalOf(argument);
    if (!literal || literal.text === '')
      throw new Error(
        `${fileName}:${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}: a module ` +
          'name computed at run time; write it literally so that its package can be checked',
      );
    found.push({ specifier: literal.text, whole: literal.whole, kind });
  };
  const visit = (node) => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      found.push({ specifier: node.moduleSpecifier.text, whole: true, kind: 'static' });
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      ts.isIdentifier(node.initializer.expression) &&
      node.initializer.expression.text === 'createRequire'
    )
      requires.add(node.name.text);
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      if (callee.kind === ts.SyntaxKind.ImportKeyword) add(node, 'dynamic', node.arguments[0]);
      else if (ts.isIdentifier(callee) && requires.has(callee.text)) add(node, 'require', node.arguments[0]);
      else if (
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        requires.has(callee.expression.text) &&
        callee.name.text === 'resolve'
      )
        add(node, 'require', node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * The packages a built bundle (a folder of .js files) names, outside Node's own modules and its own
 * relative imports: each with its specifiers, the files naming them and whether any of it is static.
 */
export function bundleImports(dir) {
  /** @type {Map<string, { specifiers: Set<string>, kinds: Set<string>, files: Set<string>, whole: boolean }>} */
  const packages = new Map();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.js'))) {
    for (const { specifier, whole, kind } of importsOf(file, readFileSync(join(dir, file), 'utf8'))) {
      if (specifier.startsWith('.') || specifier.startsWith('/') || isBuiltin(specifier)) continue;
      const name = packageOf(specifier);
      const entry = packages.get(name) ?? {
        specifiers: new Set(),
        kinds: new Set(),
        files: new Set(),
        whole: true,
      };
      entry.specifiers.add(specifier);
      entry.kinds.add(kind);
      entry.files.add(file);
      entry.whole &&= whole;
      packages.set(name, entry);
    }
  }
  return packages;
}
