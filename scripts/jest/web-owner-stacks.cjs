// React 19's development build records where each element was created, an Error per element,
// for the owner stacks it adds to its warnings: about a tenth of the jsdom projects' CPU. The
// tests go without them; REACT_OWNER_STACKS=1 keeps them, to find the source of a warning.
if (process.env.REACT_OWNER_STACKS !== '1') {
  const internals = require('react').__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE;
  // React records a stack while this count of recent elements stays under its limit (10,000 a second).
  Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { get: () => Infinity, set: () => {} });
}
