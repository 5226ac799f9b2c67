// The large-menu bench's instrumentation (bench/large-menu.mjs), run in the page before its
// scripts: it has only the page's globals, no imports.
/* global document, window, requestAnimationFrame, MutationObserver */

/**
 * In the page before its scripts: when the 500th dish is in the list, and helpers that time an
 * input to the list showing what it should. A dish is shown when neither it nor anything
 * around it is hidden; times are the page's clock (performance.now(), from navigation start).
 */
export function instrumentPage({ dishes }) {
  const cards = document.getElementsByTagName('article');
  const isDish = (el) => (el.getAttribute('aria-labelledby') ?? '').startsWith('dish-');
  const shown = () => {
    let count = 0;
    for (const card of cards) if (isDish(card) && !card.closest('[hidden]')) count++;
    return count;
  };
  const bench = { firstDishAt: null, allDishesAt: null, allDishesFrameAt: null, shown };
  window.__largeMenu = bench;

  const loading = new MutationObserver(() => {
    if (cards.length === 0) return;
    if (bench.firstDishAt === null && shown() > 0) bench.firstDishAt = performance.now();
    if (cards.length < dishes || shown() < dishes) return;
    bench.allDishesAt = performance.now();
    loading.disconnect();
    requestAnimationFrame(() => (bench.allDishesFrameAt = performance.now()));
  });
  loading.observe(document, { childList: true, subtree: true });

  /**
   * Arms a watch: after `inputs` input events (one a keystroke or a tick), the time from the
   * last one's event timestamp to the list showing `expected` dishes, and to the next frame.
   */
  bench.arm = (expected, inputs, timeoutMs) => {
    let seen = 0;
    let inputAt = null;
    let timer;
    bench.pending = new Promise((resolve, reject) => {
      const onInput = (event) => {
        seen++;
        inputAt = event.timeStamp;
        check();
      };
      const finish = () => {
        clearTimeout(timer);
        observer.disconnect();
        document.removeEventListener('input', onInput, true);
      };
      function check() {
        if (seen < inputs || shown() !== expected) return;
        const listedAt = performance.now();
        finish();
        requestAnimationFrame(() =>
          resolve({ listed: listedAt - inputAt, frame: performance.now() - inputAt }),
        );
      }
      const observer = new MutationObserver(check);
      observer.observe(document.body, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: ['hidden'],
      });
      document.addEventListener('input', onInput, true);
      timer = setTimeout(() => {
        finish();
        reject(
          new Error(
            `after ${seen} of ${inputs} input events the list shows ${shown()} dishes, not ${expected}`,
          ),
        );
      }, timeoutMs);
    });
  };

  /**
   * Frame gaps from a requestAnimationFrame loop, till stopped; and, to say where long frames
   * go, Chromium's long animation frames (over 50 ms): script time, and style and layout.
   */
  bench.startFrames = () => {
    const gaps = [];
    const long = [];
    let last = null;
    let running = true;
    const loop = (time) => {
      if (last !== null) gaps.push(time - last);
      last = time;
      if (running) requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
    const observer = new PerformanceObserver((list) => {
      for (const frame of list.getEntries()) {
        const end = frame.startTime + frame.duration;
        long.push({
          duration: frame.duration,
          script: frame.scripts.reduce((sum, script) => sum + script.duration, 0),
          styleAndLayout: frame.styleAndLayoutStart ? end - frame.styleAndLayoutStart : 0,
        });
      }
    });
    observer.observe({ type: 'long-animation-frame' });
    bench.stopFrames = () => {
      running = false;
      observer.disconnect();
      return { gaps, long };
    };
  };
}
