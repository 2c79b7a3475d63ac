import { CacheProvider, type EmotionCache } from '@emotion/react';

/**
 * Writes emotion's style rules into the document again, for a test file that reads styles set by
 * classes (getComputedStyle): the jsdom projects leave them out (scripts/jest/web-styles.cjs).
 * Call it at the top of the file, before anything renders.
 */
export function keepStyleRules(): void {
  const cache = (CacheProvider as unknown as { _currentValue: EmotionCache & Record<symbol, EmotionCache['insert']> })._currentValue;
  const insert = cache[Symbol.for('paydesk.insertRules')];
  if (!insert) throw new Error('keepStyleRules: no rules were left out (scripts/jest/web-styles.cjs)');
  cache.insert = insert;
}
