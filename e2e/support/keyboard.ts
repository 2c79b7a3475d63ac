import type { Page } from 'playwright-core';

/** Presses Tab until the focused element is the one `is` takes (its test id's group and its text), at most 80 times. */
export async function tabTo(page: Page, is: (where: { group: string; text: string; label: string }) => boolean): Promise<void> {
  for (let presses = 0; presses < 80; presses += 1) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      return {
        group: element?.closest('[data-testid]')?.getAttribute('data-testid') ?? '',
        text: element?.textContent?.trim() ?? '',
        label: (element as HTMLInputElement | null)?.labels?.[0]?.textContent?.replace(/\s*\*\s*$/, '') ?? '',
      };
    });
    if (is(where)) return;
  }
  throw new Error('Tab never reached the control');
}
