// zod compiles its object parsers with `new Function` unless told not to. The Content Security
// Policy allows no 'unsafe-eval', and even zod's probe for it is reported as a violation, so every
// container parses without it. bootstrap.tsx imports this module first, before any zod loads.
//
// zod keeps its configuration on globalThis (`__zod_globalConfig`, created by the first copy of
// zod that loads and shared by every copy after it: the payer pages' zod/mini, the back office's
// zod). Setting it here, rather than calling z.config(), keeps zod itself off the shell's first
// load. If zod ever stops reading it, the browser tests see the CSP violation of its probe.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };

export {};
