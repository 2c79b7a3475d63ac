// Testing Library's DOM matchers on jest's expect, loaded for the jsdom projects by scripts/jest/web-matchers.cjs.
/// <reference types="@testing-library/jest-dom" />
