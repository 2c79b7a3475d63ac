// Integration tests start a real database (PGlite boots in about 2.5 s) and hash passwords with
// argon2: on a shared 2-core machine that needs more than jest's 5 s default.
jest.setTimeout(30_000);
