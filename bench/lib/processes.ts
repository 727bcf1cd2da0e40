// Waiting for a server started by a benchmark to answer.

/** Polls `url` every 250 ms until it answers 2xx; throws after `tries` attempts. */
export async function waitFor(url: string, tries: number): Promise<void> {
  for (let i = 0; i < tries; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no answer from ${url}`);
}
