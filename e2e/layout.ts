// The layout check run beside axe (issue 23): on the open dialog(s), or else on the page's main region and
// open menu, it lists what a user would see broken, each with where it is, its text and its sizes:
// - an element that sticks out of its parent box or out of the frame (the dialog, or the viewport for the
//   page), and the page or a box scrolling sideways when it was not made to: the only boxes allowed to
//   scroll sideways are the frames of the tables (a scroll box whose child is a <table>, web/ui/data-table),
//   at every width; what is inside one is measured against the table, not against the screen;
// - two visible form controls (fields, buttons, checkboxes…) overlapping; a control kept in view by
//   `position: sticky` (a table's first column or row actions) may cover the cells scrolling under it;
// - text cut by its box (overflow hidden or clip, text wider or taller than the box), unless it ends in an
//   ellipsis and its full text is there for the mouse and for screen readers: a `title` or `aria-label` on
//   the cut box or one of its two parents (inside the frame), or the full text in a visually hidden
//   element beside it;
// - text spilling out of its box by more than half a letter (a word wider than its column, running into
//   the next one);
// - a visible native file control (its 'Choose File / No file chosen' is the browser's, in English).
// Visually hidden elements (1 px boxes, clip, clip-path) and what is inside them are left out.
import type { Locator, Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/test';

/**
 * Runs in the page: the problems of the layout inside `frames` (the open dialogs, else the main region and
 * the open menu when none is given). Self-contained: Playwright sends its source to the page.
 */
function inspectLayout(given: Element[] | null): string[] {
  const TOLERANCE = 1;
  const problems: string[] = [];
  const round = (n: number) => Math.round(n);
  const textOf = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ').trim();
  const snippet = (el: Element) => {
    const text = textOf(el);
    return text ? ` '${text.length > 40 ? `${text.slice(0, 40)}…` : text}'` : '';
  };
  const size = (r: DOMRect) =>
    `${round(r.width)}×${round(r.height)} px at x ${round(r.left)}–${round(r.right)}`;
  const step = (el: Element) => {
    let s = el.tagName.toLowerCase();
    if (el.id && !/^react-aria|^:r/.test(el.id)) s += `#${el.id}`;
    const role = el.getAttribute('role');
    if (role) s += `[role=${role}]`;
    const name =
      el.getAttribute('aria-label') ??
      (el.tagName === 'FIELDSET' ? el.querySelector('legend')?.textContent : null);
    if (name) s += `"${name.trim().slice(0, 30)}"`;
    if (el instanceof HTMLInputElement) s += `[type=${el.type}]`;
    return s;
  };
  const frameOf = new Map<Element, Element>();
  const path = (el: Element) => {
    const frame = frameOf.get(el);
    const steps: string[] = [];
    let at: Element | null = el;
    for (; at && at !== frame && steps.length < 5; at = at.parentElement) steps.unshift(step(at));
    if (at && at !== frame) steps.unshift('…');
    const head = frame ? step(frame) : '';
    const title = frame?.querySelector('h1, h2, [data-dialog-title]')?.textContent?.trim();
    return `${head}${title && !head.includes('"') ? `"${title}"` : ''}${steps.length ? ` > ${steps.join(' > ')}` : ''}`;
  };
  const describe = (el: Element) => `${path(el)}${snippet(el)} (${size(el.getBoundingClientRect())})`;

  const visuallyHidden = (style: CSSStyleDeclaration, rect: DOMRect) =>
    (rect.width <= 1 && rect.height <= 1) ||
    style.clip === 'rect(0px, 0px, 0px, 0px)' ||
    style.clip === 'rect(1px, 1px, 1px, 1px)' ||
    /inset\(50%\)/.test(style.clipPath) ||
    (style.position === 'absolute' && rect.right < 0);
  const scrolls = (overflow: string) => overflow === 'auto' || overflow === 'scroll';
  const clips = (overflow: string) => overflow === 'hidden' || overflow === 'clip';
  /** A table's frame: the one kind of box made to scroll sideways. */
  const tableFrame = (el: Element, style: CSSStyleDeclaration) =>
    scrolls(style.overflowX) && el.querySelector(':scope > table') !== null;
  const isField = (el: Element) => el.matches('input, textarea, select');
  const CONTROL =
    'input:not([type=hidden]), select, textarea, button, [role=combobox], [role=spinbutton], [role=checkbox], [role=radio], [role=switch], [role=slider], [role=textbox], [role=button]';

  /** The full text of a cut box is there: a title or label near it, or a visually hidden copy beside it. */
  const fullTextThere = (el: Element, frame: Element) => {
    let at: Element | null = el;
    for (let level = 0; at && at !== frame && level < 3; level++, at = at.parentElement)
      if (at.getAttribute('title')?.trim() || at.getAttribute('aria-label')?.trim()) return true;
    if (el.querySelector('[title], abbr[title]')) return true;
    const text = textOf(el);
    return [...(el.parentElement?.children ?? [])].some((other) => {
      if (other === el) return false;
      const style = getComputedStyle(other);
      return visuallyHidden(style, other.getBoundingClientRect()) && textOf(other).includes(text);
    });
  };

  const frames =
    given ??
    (() => {
      const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true });
      const dialogs = [...document.querySelectorAll('[role=dialog], [role=alertdialog]')].filter(visible);
      // Only the outermost: a dialog inside a dialog is checked with it.
      const outer = dialogs.filter((d) => !dialogs.some((o) => o !== d && o.contains(d)));
      if (outer.length) return outer;
      const main = [...document.querySelectorAll('main')].filter(visible);
      const menus = [...document.querySelectorAll('nav')].filter(
        (nav) => visible(nav) && !nav.closest('main'),
      );
      return [...main, ...menus];
    })();

  if (!given && document.documentElement.scrollWidth > document.documentElement.clientWidth + TOLERANCE)
    problems.push(
      `the page scrolls sideways: ${document.documentElement.scrollWidth} px wide in a ${document.documentElement.clientWidth} px window`,
    );

  const controls: Array<{ el: Element; rect: DOMRect; sticky: boolean; frame: Element }> = [];

  const walk = (
    el: Element,
    frame: Element,
    bound: { rect: DOMRect; by: Element } | null,
    parentRect: DOMRect | null,
    parentInline: boolean,
    inTable: boolean,
    sticky: boolean,
  ) => {
    frameOf.set(el, frame);
    const style = getComputedStyle(el);
    if (style.display === 'none') return;
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return;
    const rect = el.getBoundingClientRect();
    if (el !== frame && visuallyHidden(style, rect)) return;
    const isSticky = sticky || style.position === 'sticky';
    const laidOut = style.display !== 'contents' && (rect.width > 0 || rect.height > 0);
    let escaped = false;

    if (laidOut && el !== frame) {
      const inFlow =
        style.position === 'static' || style.position === 'relative' || style.position === 'sticky';
      if (inFlow && parentRect && !parentInline) {
        const left = parentRect.left - rect.left;
        const right = rect.right - parentRect.right;
        if (left > TOLERANCE || right > TOLERANCE) {
          escaped = true;
          problems.push(
            `${describe(el)} sticks out of its parent (${round(parentRect.width)} px wide) by ${round(Math.max(left, right))} px`,
          );
        }
      }
      if (!escaped && bound) {
        const left = bound.rect.left - rect.left;
        const right = rect.right - bound.rect.right;
        if (left > TOLERANCE || right > TOLERANCE) {
          escaped = true;
          const what =
            bound.by === frame ? 'its frame' : `${path(bound.by)} (${round(bound.rect.width)} px wide)`;
          problems.push(`${describe(el)} sticks out of ${what} by ${round(Math.max(left, right))} px`);
        }
      }
    }

    if (laidOut && el.matches('input[type=file]'))
      problems.push(`${describe(el)}: the browser's own file control shows (its words are not French)`);

    if (laidOut && el.matches(CONTROL)) controls.push({ el, rect, sticky: isSticky, frame });

    // Text cut by a box that hides its overflow, or a box that scrolls sideways when it was not made to.
    if (laidOut && !isField(el)) {
      const wide = el.scrollWidth - el.clientWidth;
      const tall = el.scrollHeight - el.clientHeight;
      const cut =
        (clips(style.overflowX) && wide > TOLERANCE) ||
        (clips(style.overflowY) && tall > TOLERANCE && textOf(el) !== '');
      if (cut) {
        const ellipsis = style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none';
        if (!ellipsis)
          problems.push(
            `${describe(el)} cuts its content (${el.scrollWidth}×${el.scrollHeight} px in ${el.clientWidth}×${el.clientHeight})`,
          );
        else if (!fullTextThere(el, frame))
          problems.push(
            `${describe(el)} ends in an ellipsis without its full text (no title, label or hidden copy)`,
          );
      } else if (scrolls(style.overflowX) && wide > TOLERANCE && !tableFrame(el, style))
        problems.push(
          `${describe(el)} scrolls sideways: its content is ${el.scrollWidth} px in ${el.clientWidth} px`,
        );
    }

    // Text spilling out of its own box, into what is beside it.
    if (
      laidOut &&
      style.display !== 'inline' &&
      !isField(el) &&
      !clips(style.overflowX) &&
      !scrolls(style.overflowX)
    ) {
      for (const node of el.childNodes) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const text = range.getBoundingClientRect();
        const spill = Math.max(rect.left - text.left, text.right - rect.right);
        // Half a letter's width of slack: a space hanging at the end of a wrapped line is not a spill.
        if (spill > parseFloat(style.fontSize) / 2) {
          problems.push(`${describe(el)}: its text spills out of it by ${round(spill)} px`);
          break;
        }
      }
    }

    if (el instanceof SVGElement) return;
    // What is inside a table's frame is measured against the table; other boxes that hide or scroll their
    // overflow bound what is in them; the rest is bound by the frame.
    let inner = bound;
    let innerTable = inTable;
    if (el === frame)
      inner =
        frame.tagName === 'MAIN' || frame.tagName === 'NAV'
          ? { rect: viewport(), by: frame }
          : { rect, by: frame };
    else if (tableFrame(el, style)) {
      inner = null;
      innerTable = true;
    } else if (style.overflowX !== 'visible') inner = { rect, by: el };
    const isInline = style.display === 'inline' || style.display === 'contents';
    for (const child of el.children)
      walk(
        child,
        frame,
        escaped ? null : inner,
        escaped || tableFrame(el, style) ? null : isInline ? parentRect : rect,
        isInline ? parentInline : false,
        innerTable,
        isSticky,
      );
  };
  function viewport() {
    return new DOMRect(0, 0, document.documentElement.clientWidth, window.innerHeight);
  }

  for (const frame of frames) {
    const rect = frame.getBoundingClientRect();
    frameOf.set(frame, frame);
    if (rect.left < -TOLERANCE || rect.right > document.documentElement.clientWidth + TOLERANCE)
      problems.push(
        `${describe(frame)} is wider than the window (${document.documentElement.clientWidth} px)`,
      );
    walk(frame, frame, null, null, false, false, false);
  }

  // Two controls overlapping (one inside the other, or one kept in view over the rows scrolling under it,
  // excepted).
  for (let i = 0; i < controls.length; i++)
    for (let j = i + 1; j < controls.length; j++) {
      const a = controls[i];
      const b = controls[j];
      if (a.frame !== b.frame || a.el.contains(b.el) || b.el.contains(a.el) || a.sticky !== b.sticky)
        continue;
      const w = Math.min(a.rect.right, b.rect.right) - Math.max(a.rect.left, b.rect.left);
      const h = Math.min(a.rect.bottom, b.rect.bottom) - Math.max(a.rect.top, b.rect.top);
      if (w > 2 && h > 2)
        problems.push(`${describe(a.el)} and ${describe(b.el)} overlap (${round(w)}×${round(h)} px)`);
    }
  return problems;
}

/**
 * The layout problems of the open dialogs (else of the page's main region and menu), or of `scope` when
 * given: one readable line each, empty when all is well.
 */
export async function layoutProblems(page: Page, scope?: Locator): Promise<string[]> {
  // Measure the page at rest: the transitions under way (the drawer sliding out after a resize) ended.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (scope) return scope.evaluateAll(inspectLayout);
  return page.evaluate(inspectLayout, null);
}

/** Fails (softly, so that a run goes on and reports every state) when `layoutProblems` finds any. */
export async function expectLayoutOk(page: Page, label: string, scope?: Locator): Promise<void> {
  expect.soft(await layoutProblems(page, scope), `layout of ${label}`).toEqual([]);
}

/** A screenshot of the window kept in the test's output folder and attached to its report. */
export async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const file = testInfo.outputPath(`${name.replace(/[^\w.-]+/g, '-').replace(/^-|-$/g, '')}.png`);
  await page.screenshot({ path: file });
  await testInfo.attach(name, { path: file, contentType: 'image/png' });
}

/** The widths the layout is checked at, each with its height: a wide screen, a laptop, a phone. */
export const LAYOUT_SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

/**
 * At each of `sizes` in turn: the window resized (unless it is at that size already) and the page laid out
 * again, then `expectLayoutOk` labelled `${label} at ${width} px` and a screenshot named `shotName(width)`.
 * The window is left at the last size.
 */
export async function expectLayoutOkAt(
  page: Page,
  sizes: ReadonlyArray<{ width: number; height: number }>,
  label: string,
  shotName: (width: number) => string,
): Promise<void> {
  for (const size of sizes) {
    const now = page.viewportSize();
    if (now?.width !== size.width || now.height !== size.height) await page.setViewportSize(size);
    // Let the page lay itself out again (ResizeObserver callbacks run before the next frame).
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    await expectLayoutOk(page, `${label} at ${size.width} px`);
    await shoot(page, test.info(), shotName(size.width));
  }
}

/** What a user sees of a table (web/ui/data-table) in the window as it is, its frame scrolled to neither side. */
export interface TableView {
  /** The column headers not wholly in view: out of the window or the frame, or under a column kept in view. */
  hiddenHeaders: string[];
  /** The same for the cells of the table's last row (under their column's header), its frame scrolled down to it. */
  hiddenLastRow: string[];
  /** Whether the frame cuts its rows (a part of them is scrolled out of it). */
  cut: boolean;
  /** The empty space, in px, between the page's end under the table (its pager) and the window's bottom edge. */
  emptyBelow: number;
}

/** Measures `table` as `TableView` says; the frame is left scrolled as it was. */
export function tableView(table: Locator): Promise<TableView> {
  return table.evaluate((table: HTMLTableElement) => {
    const frame = table.parentElement as HTMLElement;
    const windowWidth = document.documentElement.clientWidth;
    const headerNames = [...table.tHead!.rows[0].cells].map((cell) => (cell.textContent ?? '').trim());
    /** A cell kept at the left or right edge while the frame scrolls sideways (not only the header's top). */
    const keptInView = (cell: Element) => {
      const style = getComputedStyle(cell);
      return style.position === 'sticky' && (style.left !== 'auto' || style.right !== 'auto');
    };
    const hidden = (cells: HTMLTableCellElement[]) => {
      const box = frame.getBoundingClientRect();
      const left = Math.max(box.left + frame.clientLeft, 0);
      const right = Math.min(box.left + frame.clientLeft + frame.clientWidth, windowWidth);
      const top = Math.max(box.top + frame.clientTop, 0);
      const bottom = Math.min(box.top + frame.clientTop + frame.clientHeight, window.innerHeight);
      const kept = cells.filter(keptInView).map((cell) => cell.getBoundingClientRect());
      return cells
        .filter((cell) => {
          const r = cell.getBoundingClientRect();
          if (r.left < left - 1 || r.right > right + 1 || r.top < top - 1 || r.bottom > bottom + 1)
            return true;
          if (keptInView(cell)) return false;
          return kept.some((k) => Math.min(r.right, k.right) - Math.max(r.left, k.left) > 1);
        })
        .map((cell) => headerNames[cell.cellIndex] || `colonne ${cell.cellIndex + 1}`);
    };
    const hiddenHeaders = hidden([...table.tHead!.rows[0].cells]);
    const rows = table.tBodies[0].rows;
    const { scrollTop, scrollLeft } = frame;
    frame.scrollTo({ top: frame.scrollHeight, left: 0, behavior: 'instant' });
    const hiddenLastRow = rows.length ? hidden([...rows[rows.length - 1].cells]) : [];
    frame.scrollTo({ top: scrollTop, left: scrollLeft, behavior: 'instant' });
    const cut = frame.scrollHeight > frame.clientHeight + 1;
    // The page's end under the table: its pager (and the pager's margin) or the frame, then the page's padding.
    const pager = frame.nextElementSibling;
    const last = pager?.tagName === 'NAV' ? pager : frame;
    const margin = Number.parseFloat(getComputedStyle(last).marginBottom) || 0;
    const main = frame.closest('main');
    const padding = main ? Number.parseFloat(getComputedStyle(main).paddingBottom) || 0 : 0;
    const emptyBelow = Math.round(
      window.innerHeight - (last.getBoundingClientRect().bottom + margin + padding),
    );
    return { hiddenHeaders, hiddenLastRow, cut, emptyBelow };
  });
}
