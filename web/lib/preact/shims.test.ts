// @vitest-environment happy-dom
// The Preact shims (docs/decisions/037), each against what it completes: react-aria's own collection
// document rendered into by Preact 11, a keyboard event read the way react-aria's createEventHandler reads
// it, and Preact's effects run before the next frame. The "upstream" tests say when a shim may go.
import { createElement as h, options, render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { describe, expect, test } from 'vitest';
// react-aria's collection document is not exported; the test reads the modules the collections use.
import { BaseCollection } from '../../../node_modules/react-aria/dist/private/collections/BaseCollection.mjs';
import { Document } from '../../../node_modules/react-aria/dist/private/collections/Document.mjs';
import {
  completeCollectionDocument,
  createPortal,
  flushEffectsAfterCommit,
  installOptionShims,
  spreadableKeyboardEvent,
} from './shims';

type Node = {
  nodeType: number;
  firstChild: Node | null;
  nextSibling: Node | null;
  type?: string;
  id?: string;
};
const children = (parent: Node) => {
  const list: Node[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) list.push(node);
  return list;
};

describe('shim 1: react-aria collection documents', () => {
  test('upstream: the collection document has no createElementNS and its nodes call themselves comments', () => {
    const doc = new Document(new BaseCollection());
    expect('createElementNS' in doc).toBe(false);
    expect(doc.createElement('item').nodeType).toBe(8);
    expect('remove' in doc.createElement('item')).toBe(false);
  });

  test('Preact 11 renders items into it through the portal, in order, moves them and takes them out', () => {
    const doc = new Document(new BaseCollection());
    const root = document.createElement('div');
    // The collection's nodes take no attributes: each one's id is kept by its ref.
    const idOf = new Map<unknown, string>();
    const List = ({ ids }: { ids: string[] }) =>
      createPortal(
        ids.map((id) => h('item', { key: id, ref: (node: unknown) => node && idOf.set(node, id) })),
        doc as unknown as Element,
      );
    const ids = () => children(doc).map((node) => idOf.get(node));
    render(h(List, { ids: ['a', 'b', 'c'] }), root);
    expect(ids()).toEqual(['a', 'b', 'c']);
    render(h(List, { ids: ['c', 'a', 'b'] }), root);
    expect(ids()).toEqual(['c', 'a', 'b']);
    render(h(List, { ids: ['b'] }), root);
    expect(ids()).toEqual(['b']);
    expect(children(doc).every((node) => node.nodeType === 1)).toBe(true);
    render(null, root);
  });

  test('a real DOM container is left as it is', () => {
    const before = document.createElementNS;
    completeCollectionDocument(document.body);
    expect(Object.hasOwn(document, 'createElementNS')).toBe(false);
    expect(document.createElementNS).toBe(before);
  });
});

describe('shim 2: keyboard events spread by react-aria', () => {
  /** A keyboard event as a browser makes it: its fields are getters on its prototype, none of its own. */
  const browserEvent = (key: string) => {
    let prevented = false;
    const proto = Object.create(KeyboardEvent.prototype, {
      key: { get: () => key },
      shiftKey: { get: () => true },
      defaultPrevented: { get: () => prevented },
      preventDefault: { value: () => (prevented = true) },
    });
    return Object.create(proto) as KeyboardEvent;
  };

  test('upstream: a spread of a browser keyboard event has no key', () => {
    expect({ ...browserEvent('Escape') }.key).toBeUndefined();
  });

  test('the spread copies the key and the modifiers; fields that change stay live', () => {
    const event = spreadableKeyboardEvent(browserEvent('Escape'));
    expect({ ...event }.key).toBe('Escape');
    expect({ ...event }.shiftKey).toBe(true);
    expect(event.defaultPrevented).toBe(false);
    event.preventDefault();
    expect(event.defaultPrevented).toBe(true);
    expect({ ...event }.defaultPrevented).toBe(true);
  });

  test('other events are left as they are', () => {
    const click = new MouseEvent('click');
    expect(spreadableKeyboardEvent(click)).toBe(click);
    expect(Object.keys(click)).toEqual(Object.keys(new MouseEvent('click')));
  });

  test('installed after the previous event hook, which still runs', () => {
    const seen: string[] = [];
    const hooks: Parameters<typeof installOptionShims>[0] = {
      event: (event) => {
        seen.push(event.type);
        return event;
      },
    };
    installOptionShims(hooks);
    const event = hooks.event?.(browserEvent('Enter')) as KeyboardEvent;
    expect({ ...event }.key).toBe('Enter');
    expect(hooks.requestAnimationFrame).toBe(flushEffectsAfterCommit);
  });
});

describe('shim 3: effects before the next frame', () => {
  test("a commit's effects have run before the next animation frame's callbacks", async () => {
    const saved = options.requestAnimationFrame;
    installOptionShims(options as Parameters<typeof installOptionShims>[0]);
    const order: string[] = [];
    let open: (value: boolean) => void = () => {};
    const Overlay = () => {
      useEffect(() => () => void order.push('effect cleaned up'), []);
      return h('div', null, 'ouvert');
    };
    const Host = () => {
      const [isOpen, setOpen] = useState(true);
      open = setOpen;
      return isOpen ? h(Overlay, null) : null;
    };
    const root = document.createElement('div');
    render(h(Host, null), root);
    await new Promise((done) => setTimeout(done, 50));
    open(false);
    requestAnimationFrame(() => order.push('frame'));
    await new Promise((done) => setTimeout(done, 100));
    expect(order[0]).toBe('effect cleaned up');
    render(null, root);
    options.requestAnimationFrame = saved;
  });

  test("a user's event: its commit's effects run in the same task, before any other task", async () => {
    const target = new EventTarget();
    installOptionShims({}, target);
    await new Promise((done) => setTimeout(done, 10));
    const order: string[] = [];
    target.dispatchEvent(new Event('keydown'));
    setTimeout(() => order.push('next task'));
    flushEffectsAfterCommit(() => order.push('effects'));
    await Promise.resolve();
    expect(order).toEqual(['effects']);
  });

  test('any other commit (an answer from the API): its effects run in a task of their own, as React does', async () => {
    await new Promise((done) => setTimeout(done, 10));
    const order: string[] = [];
    flushEffectsAfterCommit(() => order.push('effects'));
    await Promise.resolve();
    expect(order).toEqual([]);
    await new Promise((done) => setTimeout(done, 10));
    expect(order).toEqual(['effects']);
  });
});
