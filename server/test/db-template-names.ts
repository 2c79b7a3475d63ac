import { join } from 'node:path';

/** The embedded databases the server's tests start from (db-templates.ts writes them). */
export type DbTemplate = 'empty' | 'migrated' | 'seeded-0' | 'seeded-60';

export const templateFile = (dir: string, template: DbTemplate): string => join(dir, `${template}.tar`);

/** Where the server-pglite project's global set-up put them for this jest run. */
export const TEMPLATES_DIR_VARIABLE = 'PAYDESK_TEST_DB_TEMPLATES';
