// The two modules of react-aria's collection builder that web/lib/preact/shims.test.ts reads (they are not
// exported by the package): only what the test uses.
declare module '*/react-aria/dist/private/collections/BaseCollection.mjs' {
  export class BaseCollection {}
}
declare module '*/react-aria/dist/private/collections/Document.mjs' {
  type CollectionNode = {
    nodeType: number;
    firstChild: CollectionNode | null;
    nextSibling: CollectionNode | null;
  };
  export class Document implements CollectionNode {
    constructor(collection: unknown);
    nodeType: number;
    firstChild: CollectionNode | null;
    nextSibling: CollectionNode | null;
    createElement(type: string): CollectionNode;
  }
}
