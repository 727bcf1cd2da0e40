// A promise and the function that settles it: what a test holds a request, a sync or a mail with until
// it lets it go.
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
