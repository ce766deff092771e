import type { Page } from '@playwright/test';

// Screenshots for a person to look at the pages: taken only when SCREENS_DIR names a folder for them.
const SCREENS = process.env.SCREENS_DIR;

/** Saves the whole page as SCREENS_DIR/`name`.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (SCREENS) await page.screenshot({ path: `${SCREENS}/${name}.png`, fullPage: true });
}

/** Saves the page at its own size and at a phone's width of 390 pixels. */
export async function screenshots(page: Page, name: string): Promise<void> {
  if (!SCREENS) return;
  await screenshot(page, `${name}-desktop`);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshot(page, `${name}-390`);
  if (size) await page.setViewportSize(size);
}
