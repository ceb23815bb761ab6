/** Bounds on expensive work (server renders, picture resizes). */

/** A counting semaphore with a bounded queue: acquire() resolves false when the queue is full. */
export function createSlots(max: number, maxQueued: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    async acquire(): Promise<boolean> {
      if (running < max) {
        running += 1;
        return true;
      }
      if (waiting.length >= maxQueued) return false;
      await new Promise<void>((resolve) => waiting.push(resolve));
      return true; // the slot was handed over by release()
    },
    release() {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    },
    get running() {
      return running;
    },
  };
}

export type Slots = ReturnType<typeof createSlots>;
