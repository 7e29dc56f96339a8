/**
 * Animation frames on the timers as they are when the suite starts, before any test fakes them.
 *
 * jsdom runs its frames on the global `setInterval`, started when the first frame is asked for
 * and kept while frames are pending. A test with fake timers that asks for a frame (a toast, a
 * dialog opening) starts that interval as a fake one, which never fires once the test puts the
 * real timers back: no frame would come again in this document, which all the test files share,
 * and every later dialog would wait forever for its closing animation. antd-mobile's animation
 * loop takes `requestAnimationFrame` when it is first imported, so this module is imported
 * before anything else in the setup.
 */
const realSetTimeout = globalThis.setTimeout;

if (typeof window !== 'undefined') {
  const pending = new Map<number, FrameRequestCallback>();
  let lastId = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const runFrame = () => {
    timer = undefined;
    const now = performance.now();
    const due = [...pending.values()];
    pending.clear();
    for (const callback of due) callback(now);
  };

  window.requestAnimationFrame = (callback) => {
    lastId += 1;
    pending.set(lastId, callback);
    timer ??= realSetTimeout(runFrame, 1000 / 60);
    return lastId;
  };
  window.cancelAnimationFrame = (id) => {
    pending.delete(id);
  };
}
