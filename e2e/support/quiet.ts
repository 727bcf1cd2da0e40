// 'No request under way' without Playwright's networkidle, which the change feed's stream (GET
// /api/events, open as long as the page) never lets come: the requests of each page are counted as they
// start and end, the stream left out, and a page is quiet once none has been under way for half a second.
import type { BrowserContext, Page, Request } from '@playwright/test';

const inFlight = new WeakMap<Page, Set<Request>>();
const lastChange = new WeakMap<Page, number>();

const isStream = (request: Request) => new URL(request.url()).pathname.endsWith('/api/events');

/** Counts the requests of every page of `context` from now on (the test fixture does it for each test). */
export function trackRequests(context: BrowserContext): void {
  const watch = (page: Page) => {
    if (inFlight.has(page)) return;
    const open = new Set<Request>();
    inFlight.set(page, open);
    lastChange.set(page, Date.now());
    const done = (request: Request) => {
      if (open.delete(request)) lastChange.set(page, Date.now());
    };
    page.on('request', (request) => {
      if (isStream(request)) return;
      open.add(request);
      lastChange.set(page, Date.now());
    });
    page.on('requestfinished', done);
    page.on('requestfailed', done);
  };
  context.pages().forEach(watch);
  context.on('page', watch);
}

/** Waits until no request of `page` (the feed's stream aside) has been under way for half a second. */
export async function quiet(page: Page, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = inFlight.get(page);
    if (!open) throw new Error('quiet(page): the page is not tracked (trackRequests)');
    if (open.size === 0 && Date.now() - (lastChange.get(page) ?? 0) >= 500) return;
    if (Date.now() > deadline) throw new Error(`quiet(page): ${open.size} requests still under way`);
    await page.waitForTimeout(100);
  }
}
