// The jsdom projects: jest's own timeout as for every project, and Testing Library's findBy/waitFor
// wait up to 5 s instead of 1 s. Under a full CI run (two workers beside browser tests and a
// database) a debounced search can take longer than a second to render; a real failure still fails.
require('./timeouts.cjs');
require('@testing-library/react').configure({ asyncUtilTimeout: 5_000 });
