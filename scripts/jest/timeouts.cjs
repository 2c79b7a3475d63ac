// Unit and integration tests share a 2-core machine with the browser tests, builds and (for the
// server) a real database that boots in seconds: jest's 5 s default is a false alarm there.
jest.setTimeout(30_000);
