// zod compiles its object parsers with `new Function` unless told not to. The Content Security
// Policy allows no 'unsafe-eval', and even zod's probe for it is reported as a violation, so every
// container parses without it. bootstrap.tsx imports this module first, before any schema exists.
import { z } from 'zod';

z.config({ jitless: true });
