// A browser test waits on a real page, build or server: give each one a minute.
jest.setTimeout(60_000);
