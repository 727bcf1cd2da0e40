// Parts of a screen drawn a task after the screen (docs/decisions/055). Preact renders a newly shown screen
// in one task, where React slices the same work into short ones: a part that costs much to mount and is
// not needed in the screen's first frame (react-aria's period field) asks to be drawn later, and each such
// part gets a task of its own, in the order they asked, so that none of them lengthens another's task.
import { useEffect, useState } from 'react';

const waiting: Array<() => void> = [];

function next() {
  waiting.shift()?.();
  if (waiting.length) setTimeout(next, 0);
}

/** Runs `draw` in a task of its own after those asked before it; the function returned withdraws it. */
function drawLater(draw: () => void): () => void {
  waiting.push(draw);
  if (waiting.length === 1) setTimeout(next, 0);
  return () => {
    const at = waiting.indexOf(draw);
    if (at >= 0) waiting.splice(at, 1);
  };
}

/**
 * False at a component's first render, true from a later task (each component that asks gets one of its
 * own): until then the component draws a light stand-in of the same size. A component unmounted before
 * its turn takes no task.
 */
export function useDeferredMount(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => drawLater(() => setMounted(true)), []);
  return mounted;
}
