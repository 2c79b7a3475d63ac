// The jsdom projects leave emotion's style rules out of the document. jsdom computes an element's
// style by matching every rule of the page against it, and Testing Library asks that of each
// element a role query looks at: the rules MUI added test after test made each query slower.
// Inline styles, which MUI's transitions and hidden parts use, still apply. A file that reads
// styles set by classes asks for the rules (keepStyleRules in shared/src/testing/style-rules.tsx).
const { CacheProvider } = require('@emotion/react');

// React 19's context is its own provider: its current value is emotion's default cache (none
// where the file runs in the node environment).
const cache = CacheProvider._currentValue;
if (cache) {
  cache[Symbol.for('paydesk.insertRules')] = cache.insert;
  cache.insert = (_selector, serialized) => {
    cache.inserted[serialized.name] = true;
  };
}
