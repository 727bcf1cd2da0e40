// No emoji or symbol glyph in what the app shows: without an emoji font (most office PCs) they draw as
// empty boxes; the icons are SVG (web/ui/icons.tsx). The QA_CONSOLE=true build (the production bundle
// plus the flow player) is built, every string literal and template text of its scripts is read with the
// TypeScript parser, and none may hold a character of the symbol blocks below. Typographic characters
// (’ « » ‹ › – — … · € and the like) are text, drawn by every font, and stay.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { afterAll, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const outDir = mkdtempSync(join(tmpdir(), 'glyph-build-'));

/**
 * Arrows (2190–21FF), Miscellaneous Technical (2300–23FF), Geometric Shapes (25A0–25FF), Miscellaneous
 * Symbols and Dingbats (2600–27BF), Supplemental Arrows A and B (27F0–27FF, 2900–297F), Miscellaneous
 * Symbols and Arrows (2B00–2BFF), the emoji planes (1F000–1FAFF), the emoji presentation selector (FE0F)
 * and any other Extended_Pictographic character (©, ®, ™ are letters of text and not listed by it unless
 * followed by FE0F, which is caught), plus the multiplication sign used as a close cross (×).
 */
const SYMBOL_GLYPH =
  /[\u2190-\u21FF\u2300-\u23FF\u25A0-\u25FF\u2600-\u27BF\u27F0-\u27FF\u2900-\u297F\u2B00-\u2BFF\u00D7]|\uFE0F|[\u{1F000}-\u{1FAFF}]|(?![\u00A9\u00AE\u2122])\p{Extended_Pictographic}/u;

function stringsOf(code: string): string[] {
  const source = ts.createSourceFile('bundle.js', code, ts.ScriptTarget.Latest, false, ts.ScriptKind.JS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    )
      found.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

afterAll(() => rmSync(outDir, { recursive: true, force: true }));

it('shows no emoji or symbol glyph: the built bundle has none in its strings', () => {
  // As `npm run build` runs it (vitest's own NODE_ENV=test would make a development build).
  const env = { ...process.env, NODE_ENV: 'production', QA_CONSOLE: 'true' };
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--logLevel', 'error'],
    { cwd: root, env, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stderr}`);
  const scripts = readdirSync(outDir, { recursive: true, withFileTypes: true }).filter(
    (entry) => entry.isFile() && entry.name.endsWith('.js'),
  );
  const strings = scripts.flatMap((entry) =>
    stringsOf(readFileSync(join(entry.parentPath, entry.name), 'utf8')),
  );
  // The parser did read the app's texts (else an empty list would pass).
  expect(strings).toContain('Aller au contenu');
  const offending = strings
    .filter((text) => SYMBOL_GLYPH.test(text))
    .map((text) => (text.length > 80 ? `${text.slice(0, 80)}…` : text));
  expect(offending).toEqual([]);
}, 300_000);

it('tells a symbol glyph from typographic text', () => {
  for (const glyph of ['📄', '👁', '🚫', '✎', '⟳', '✓', '✕', '×', '→', '▼', '◀', '⚠', '❤\uFE0F', '⭐'])
    expect(SYMBOL_GLYPH.test(`a ${glyph} b`), glyph).toBe(true);
  for (const text of ['Annulée -45’', '« Prix »', '‹ ›', 'a – b — c…', '12 €', '©', 'Suivi · vol', 'é à ç œ'])
    expect(SYMBOL_GLYPH.test(text), text).toBe(false);
});
