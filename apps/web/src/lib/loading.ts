/**
 * The loading indicator (spec §4, §9): on at once when a request starts, off 700 ms after the last
 * request finishes.
 */
export const LOADING_HIDE_DELAY_MS = 700;

let active = 0;
let visible = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export const loading = {
  start() {
    active += 1;
    if (timer) clearTimeout(timer);
    if (!visible) {
      visible = true;
      emit();
    }
  },
  stop() {
    active = Math.max(0, active - 1);
    if (active === 0) {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        visible = false;
        emit();
      }, LOADING_HIDE_DELAY_MS);
    }
  },
  visible: () => visible,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
};
