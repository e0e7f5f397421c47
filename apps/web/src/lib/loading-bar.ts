import { nprogress } from '@mantine/nprogress';

/**
 * Navigation/request loading bar (core spec §9: throttle 200 ms, hides after 500 ms).
 * Work shorter than the throttle never shows the bar; once shown, it completes and then hides.
 */
const THROTTLE_MS = 200;
/** Duration 5000 ms (§9): Mantine's bar takes about 44 steps to reach 99 %, so one step is ~115 ms. */
export const STEP_INTERVAL_MS = 115;
const HIDE_AFTER_MS = 500;
let active = 0;
let showTimer: ReturnType<typeof setTimeout> | null = null;
let hideTimer: ReturnType<typeof setTimeout> | null = null;
let shown = false;

export function startLoading() {
  active += 1;
  if (active > 1) return;
  if (hideTimer) {
    clearTimeout(hideTimer);
    hideTimer = null;
  }
  if (shown) return;
  showTimer = setTimeout(() => {
    showTimer = null;
    shown = true;
    nprogress.start();
  }, THROTTLE_MS);
}

export function stopLoading() {
  active = Math.max(0, active - 1);
  if (active > 0) return;
  if (showTimer) {
    clearTimeout(showTimer);
    showTimer = null;
  }
  if (!shown) return;
  nprogress.stop();
  nprogress.set(100);
  hideTimer = setTimeout(() => {
    hideTimer = null;
    shown = false;
    nprogress.reset();
  }, HIDE_AFTER_MS);
}
