// Dragging dnd-kit sortable lists in Chromium, by mouse and by keyboard, as a user does.
import type { Locator, Page } from 'playwright-core';

/** Drags a handle with the mouse onto another element's place. */
export const dragByMouse = async (page: Page, handle: Locator, onto: Locator) => {
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await onto.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // Small first steps pass dnd-kit's activation distance; the rest travel to the target's centre.
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 6, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
};

/**
 * Waits after a keyboard lift until dnd-kit listens for the arrow keys: its keyboard sensor adds that
 * listener in a setTimeout(0) at the lift, and timers of equal delay run in order, so one of ours
 * scheduled now runs after it. Without this an arrow pressed on a loaded machine can be lost.
 */
export const keyboardSensorListening = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
