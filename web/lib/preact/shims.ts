// What react-aria needs from Preact that preact/compat does not give (docs/decisions/037). Loaded only by
// the Preact build: vite.config.ts points `react-dom` at ./react-dom.ts, which hands these out.
import { createPortal as compatCreatePortal } from 'preact/compat';

type Portal = typeof compatCreatePortal;

/** react-aria's collection document (react-aria/dist/private/collections/Document): `createElement` only. */
type FakeDocument = { createElement: (type: string) => unknown; createElementNS?: unknown };
type CollectionNode = {
  nodeType: number;
  parentNode: { removeChild: (node: CollectionNode) => void } | null;
  remove?: () => void;
};

/**
 * Shim 1 — collection documents Preact cannot render into (preactjs/preact#4539).
 * react-aria builds a collection (ComboBox, ListBox, Select, Table…) by rendering its items through a portal
 * into a document of its own, which only has `createElement`, and whose nodes call themselves comments
 * (`nodeType` 8, for React DevTools' sake) without a comment's `data`. Preact 11 creates every element with
 * its parent's `ownerDocument.createElementNS(namespace, type, …)`, so the render throws; after moving a
 * node it steps over the comments that follow it reading their `data` (its Suspense markers), so moving an
 * item (a sorted table) throws too; and it takes a node out with `node.remove()`, which the collection's
 * nodes lack (options that change with a search). The portal's container gets `createElementNS`, made from
 * its own `createElement`, the namespace dropped (the collection's nodes are no DOM elements); the nodes it
 * makes say they are elements (`nodeType` 1, which nothing in react-aria reads) and get `remove()` (their
 * parent's `removeChild`). Real DOM containers already have the method and are left alone.
 * Drop when react-aria's Document has `createElementNS` and its nodes are no comments, or when Preact
 * falls back to `createElement` (its PR #5162, closed unmerged).
 */
export function completeCollectionDocument(container: unknown): void {
  if (!container || typeof container !== 'object') return;
  const owner = ((container as { ownerDocument?: unknown }).ownerDocument ?? container) as FakeDocument;
  for (const doc of new Set([container as FakeDocument, owner])) {
    if (typeof doc.createElement === 'function' && typeof doc.createElementNS !== 'function') {
      Object.defineProperty(doc, 'createElementNS', {
        configurable: true,
        value: (_namespace: string | null, type: string) => {
          const node = doc.createElement(type) as CollectionNode;
          node.nodeType = 1;
          node.remove = () => node.parentNode?.removeChild(node);
          return node;
        },
      });
    }
  }
}

/** preact/compat's `createPortal`, its container completed first (shim 1). */
export const createPortal: Portal = (children, container) => {
  completeCollectionDocument(container);
  return compatCreatePortal(children, container);
};

/** An event's own copy of its prototype's readable fields is made once. */
const SPREADABLE = Symbol('spreadable');
/** Fields that change while the event travels: the copies read them live rather than once. */
type Getter = { name: string; get: () => unknown };
const gettersOf = new WeakMap<object, Getter[]>();

/** The readable fields (getters) of an event's prototypes: KeyboardEvent, UIEvent, Event. */
function getters(event: Event): Getter[] {
  const proto = Object.getPrototypeOf(event) as object;
  let list = gettersOf.get(proto);
  if (!list) {
    list = [];
    const seen = new Set<string>();
    for (let p: object | null = proto; p && p !== Object.prototype; p = Object.getPrototypeOf(p)) {
      for (const [name, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(p))) {
        if (!descriptor.get || seen.has(name)) continue;
        seen.add(name);
        list.push({ name, get: descriptor.get });
      }
    }
    gettersOf.set(proto, list);
  }
  return list;
}

/**
 * Shim 2 — keyboard events whose fields do not survive a spread (react-aria's `createEventHandler`).
 * react-aria wraps every `onKeyDown`/`onKeyUp` it is given (useKeyboard: Escape on overlays, arrows and
 * Enter in lists, combo boxes, calendars, menus) in an object made with `{...event}`. React hands it a
 * synthetic event whose `key`, `shiftKey`, `target`… are own fields; Preact hands it the DOM event, whose
 * fields are getters on its prototype, which a spread does not copy: the handler sees no `key` and does
 * nothing. Each keyboard event given to a handler gets its prototype's getters as own enumerable getters
 * (reading the same live value), so the spread copies them.
 * Drop when react-aria stops spreading events (reads them through the original) or preact/compat hands
 * handlers an object with own fields.
 */
export function spreadableKeyboardEvent<E>(event: E): E {
  if (!(event instanceof KeyboardEvent) || SPREADABLE in event) return event;
  for (const { name, get } of getters(event)) {
    if (Object.hasOwn(event, name)) continue;
    Object.defineProperty(event, name, { configurable: true, enumerable: true, get: () => get.call(event) });
  }
  Object.defineProperty(event, SPREADABLE, { value: true });
  return event;
}

/**
 * The events React calls discrete (a user's act): the effects of the commits they cause run at once.
 * Seen in the capture phase on the window, before any handler, including react-aria's own listeners.
 */
const USER_EVENTS = [
  'keydown',
  'keyup',
  'click',
  'pointerdown',
  'pointerup',
  'mousedown',
  'mouseup',
  'touchstart',
  'touchend',
  'input',
  'change',
  'submit',
  'focusin',
  'focusout',
] as const;

/** Whether the task running now began with a user's event (reset by the next task). */
let inUserEvent = false;
let resetQueued = false;

function noteUserEvent(): void {
  inUserEvent = true;
  if (resetQueued) return;
  resetQueued = true;
  setTimeout(() => {
    inUserEvent = false;
    resetQueued = false;
  });
}

/** Listens for the users' events on `target` (the window), so that their commits flush at once. */
export function watchUserEvents(target: EventTarget): void {
  for (const type of USER_EVENTS)
    target.addEventListener(type, noteUserEvent, { capture: true, passive: true });
}

/** A task of its own, as React's scheduler posts one (a message, not a timer's 4 ms clamp). */
function nextTask(callback: () => void): void {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    callback();
  };
  channel.port2.postMessage(null);
}

/**
 * Shim 3 — effects that run a frame late (focus does not return to the opener).
 * When a dialog or popover closes, react-aria's FocusScope gives focus back to the opener in the next
 * animation frame, and the modal's `useEffect` takes `inert` off the rest of the page when it is cleaned up.
 * React runs the effects of a commit that a user's event caused (Escape, a click) as soon as the commit is
 * done, and those of any other commit (an answer from the API) in a task of their own, before the next
 * frame in practice; Preact runs every effect after the next frame (`requestAnimationFrame` then
 * `setTimeout`), so FocusScope focuses an opener that is still inert, and focus stays on <body>. Preact's
 * hook for that scheduling (`options.requestAnimationFrame`) is given React's rule: a microtask after a
 * user's event, the next task otherwise. (Running every commit's effects in a microtask made the data
 * screens' first render one long task: each fetch, machine and layout effect ran before the first paint.)
 * Drop when react-aria restores focus after its own `inert` is removed, or Preact runs effects before the
 * next frame after an event.
 */
export const flushEffectsAfterCommit = (flush: () => void): void =>
  inUserEvent ? queueMicrotask(flush) : nextTask(flush);

/** Preact's option hooks the shims use (`options` from 'preact'). */
type Hooks = { event?: (event: Event) => Event; requestAnimationFrame?: (flush: () => void) => void };

/**
 * Installs shims 2 and 3 in Preact's option hooks (the event shim after preact/compat's own), shim 3
 * watching the users' events on `target`.
 */
export function installOptionShims(hooks: Hooks, target: EventTarget = window): void {
  watchUserEvents(target);
  const previous = hooks.event;
  hooks.event = (event) => spreadableKeyboardEvent(previous ? previous(event) : event);
  hooks.requestAnimationFrame = flushEffectsAfterCommit;
}
