// The browser conditions every page benchmark shares, so that their figures compare: system
// Chromium, the CPU slowed 4x and a fast-3G-like network (Chrome DevTools Protocol), cold cache.
import { chromium } from 'playwright-core';

/** Like DevTools' "Fast 3G": 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up. */
export const network = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
export const cpuSlowdown = 4;
const flags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const launchBrowser = () => chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: flags });

/** A new context (nothing stored from an earlier run) whose page is throttled and never uses the HTTP cache. */
export async function throttledPage(browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', network);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  return { context, page };
}
