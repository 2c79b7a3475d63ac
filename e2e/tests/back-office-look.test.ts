import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { openSignedIn } from '../support/accounts';
import { closePage, launchBrowser, newPage } from '../support/browser';

/**
 * How the back office looks, read from the browser: the revenue chart's text against its card in
 * both themes, and the side navigation holding the window's height on a long page. Screenshots of
 * each case land in e2e/artifacts/screenshots/ for a person to look at.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const shots = join(__dirname, '..', 'artifacts', 'screenshots');
mkdirSync(shots, { recursive: true });

type Theme = 'light' | 'dark';
const widths = { desk: { width: 1440, height: 900 }, phone: { width: 390, height: 844 } };

async function signedIn(theme: Theme, viewport: { width: number; height: number }): Promise<Page> {
  const page = await newPage(browser, { viewport });
  await page.emulateMedia({ colorScheme: theme });
  await openSignedIn(page, 'admin', '/control/dashboard');
  return page;
}

/** WCAG's contrast ratio of two CSS colours as the browser computed them (rgb or rgba, opaque). */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, bl] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe.each<Theme>(['light', 'dark'])('in the %s theme', (theme) => {
  test.each(Object.keys(widths) as (keyof typeof widths)[])(
    "the chart's axis labels and legend read against their card (%s)",
    async (width) => {
      const page = await signedIn(theme, widths[width]);
      const chart = page.getByTestId('revenue-chart');
      await chart.locator('.apexcharts-xaxis-label').first().waitFor();
      const colours = await chart.evaluate((element) => {
        let card: Element | null = element;
        while (card && getComputedStyle(card).backgroundColor === 'rgba(0, 0, 0, 0)') card = card.parentElement;
        const fill = (selector: string) => {
          const text = element.querySelector(selector);
          return text ? getComputedStyle(text).fill : 'missing';
        };
        return {
          card: card ? getComputedStyle(card).backgroundColor : 'missing',
          xaxis: fill('.apexcharts-xaxis-label'),
          yaxis: fill('.apexcharts-yaxis-label'),
          legend: (() => {
            const legend = element.querySelector('.apexcharts-legend-text');
            return legend ? getComputedStyle(legend).color : 'missing';
          })(),
        };
      });
      await page.screenshot({ path: join(shots, `dashboard-${theme}-${width}.png`), fullPage: true });
      for (const part of ['xaxis', 'yaxis', 'legend'] as const) {
        expect({ part, ratio: contrast(colours[part], colours.card) >= 4.5 }).toEqual({ part, ratio: true });
      }
      await closePage(page);
    },
  );

  test.each(Object.keys(widths) as (keyof typeof widths)[])('the navigation holds the full height of a long page (%s)', async (width) => {
    const page = await signedIn(theme, widths[width]);
    await page.goto('/control/transactions');
    await page.getByTestId('transaction-row').first().waitFor();
    if (width === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const nav = page.locator('.MuiDrawer-paper').filter({ has: page.getByRole('link', { name: 'Transactions' }) });
    const box = await nav.boundingBox();
    const height = widths[width].height;
    await page.screenshot({ path: join(shots, `transactions-${theme}-${width}.png`) });
    expect(box && { top: Math.round(box.y), bottom: Math.round(box.y + box.height) }).toEqual({ top: 0, bottom: height });
    await closePage(page);
  });
});
