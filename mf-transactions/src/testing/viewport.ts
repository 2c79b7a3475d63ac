/**
 * Gives jsdom (which has no layout) a window `width` px wide for CSS media queries of min-width
 * and max-width, as MUI's useMediaQuery asks them; returns the undo.
 */
export function viewport(width: number): () => void {
  const matches = (query: string) =>
    [...query.matchAll(/\((min|max)-width:\s*([\d.]+)px\)/g)].every(([, side, px]) =>
      side === 'min' ? width >= Number(px) : width <= Number(px),
    );
  const previous = window.matchMedia;
  window.matchMedia = (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  });
  return () => {
    window.matchMedia = previous;
  };
}
