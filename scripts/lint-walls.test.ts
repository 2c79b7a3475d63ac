// The import walls of eslint.config.mjs (PLAT-12) refuse what they are for and let through what
// the code does today. The rules for one way of doing a thing are in lint-one-way.test.ts.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { cycle, describeLintCases, names, paths, root, type Case } from './lint-cases';

const cases: Case[] = [
  // shared imports no app.
  {
    name: 'shared importing the shell',
    filePath: 'shared/src/fixture.ts',
    code: "export { controlAreas } from '../../shell/src/app/areas';\n",
    refusedBy: paths,
  },
  {
    name: 'shared importing the server',
    filePath: 'shared/src/fixture.ts',
    code: "export { DomainError } from '../../server/src/errors/domain-error';\n",
    refusedBy: paths,
  },
  {
    name: 'shared importing the shell by name',
    filePath: 'shared/src/fixture.ts',
    code: "export { controlAreas } from '@paydesk/shell/src/app/areas';\n",
    refusedBy: names,
  },
  { name: 'shared importing shared', filePath: 'shared/src/fixture.ts', code: "export { can } from './roles';\n" },

  // A remote imports only @paydesk/shared.
  {
    name: 'a remote importing another remote',
    filePath: 'mf-cards/src/fixture.ts',
    code: "export { default } from '../../mf-wallet/src/pages/withdrawals-page';\n",
    refusedBy: paths,
  },
  {
    name: 'a remote importing the shell',
    filePath: 'mf-wallet/src/fixture.ts',
    code: "export { controlAreas } from '../../shell/src/app/areas';\n",
    refusedBy: paths,
  },
  {
    name: 'a remote importing another remote by name',
    filePath: 'mf-cards/src/fixture.ts',
    code: "export { default } from 'mf-wallet/src/pages/withdrawals-page';\n",
    refusedBy: names,
  },
  { name: 'a remote importing shared', filePath: 'mf-cards/src/fixture.ts', code: "export { can } from '@paydesk/shared/roles';\n" },

  // The shell reaches remotes through federation only.
  {
    name: "the shell importing a remote's source",
    filePath: 'shell/src/fixture.ts',
    code: "export { default } from '../../mf-payments/src/pages/pay-form-page';\n",
    refusedBy: paths,
  },
  {
    name: "the single-bundle loader importing a remote's non-page source",
    filePath: 'shell/src/remotes/remote-loader.single-bundle.ts',
    code: "export const load = () => import('../../../mf-payments/src/lib/opener');\n",
    refusedBy: paths,
  },
  {
    name: 'the single-bundle loader importing a payer page',
    filePath: 'shell/src/remotes/remote-loader.single-bundle.ts',
    code: "export const load = () => import('../../../mf-payments/src/pages/pay-form-page');\n",
  },
  {
    name: 'the shell importing shared UI',
    filePath: 'shell/src/fixture.ts',
    code: "export { PageHeader } from '@paydesk/shared/ui/page-header';\n",
  },

  // The server imports shared's modules without UI, and no front end.
  {
    name: 'the server importing shared UI',
    filePath: 'server/src/payments/fixture.ts',
    code: "export { PageHeader } from '@paydesk/shared/ui/page-header';\n",
    refusedBy: paths,
  },
  {
    name: 'the server importing React',
    filePath: 'server/src/payments/fixture.ts',
    code: "export { useState } from 'react';\n",
    refusedBy: names,
  },
  {
    name: "the server importing a remote's source",
    filePath: 'server/test/fixture.ts',
    code: "export { default } from '../../mf-cards/src/pages/cards-page';\n",
    refusedBy: paths,
  },
  {
    name: 'a shared module the server uses importing shared UI',
    filePath: 'shared/src/schemas/fixture.ts',
    code: "export { PageHeader } from '../ui/page-header';\n",
    refusedBy: paths,
  },
  {
    name: 'the server importing a shared schema',
    filePath: 'server/src/payments/fixture.ts',
    code: "export { errorCodes } from '@paydesk/shared/schemas/common';\n",
  },

  // server/src folders import downwards only, with no exception.
  {
    name: 'a new upward import (db importing payments)',
    filePath: 'server/src/db/fixture.ts',
    code: "export { newTransactionId } from '../payments/payment-ids';\n",
    refusedBy: paths,
  },
  {
    name: 'a new upward import (wallet importing refunds)',
    filePath: 'server/src/wallet/fixture.ts',
    code: "export { newRefundId } from '../refunds/refunds-service';\n",
    refusedBy: paths,
  },
  {
    name: 'domain code importing http/',
    filePath: 'server/src/wallet/fixture.ts',
    code: "export { errorBody } from '../http/error-body';\n",
    refusedBy: paths,
  },
  {
    name: 'http/ importing a feature folder',
    filePath: 'server/src/http/fixture.ts',
    code: "export { refundRoutes } from '../refunds/refund-routes';\n",
    refusedBy: paths,
  },
  { name: 'a folder importing one below it', filePath: 'server/src/payments/fixture.ts', code: "export { prepared } from '../db/db';\n" },
  {
    name: 'a folder importing the domain errors',
    filePath: 'server/src/wallet/fixture.ts',
    code: "export { conflict } from '../errors/domain-error';\n",
  },

  // Module cycles: checkouts-service.ts imports payment-ids.ts, which must not import it back.
  {
    name: 'a cycle between server modules',
    filePath: 'server/src/payments/payment-ids.ts',
    code: "export { createCheckout } from './checkouts-service';\n",
    refusedBy: cycle,
  },
  {
    name: 'an import without a cycle',
    filePath: 'server/src/payments/payment-ids.ts',
    code: "export { transactionGuard } from '../db/transaction-guard';\n",
  },

  // Inside each front end: a feature imports no other feature.
  {
    name: 'a feature importing another feature (api-keys importing webhooks)',
    filePath: 'mf-developers/src/features/api-keys/fixture.ts',
    code: "export { eventGroups } from '../webhooks/model/event-groups';\n",
    refusedBy: paths,
  },
  {
    name: "a shell feature importing another (sign-in importing two-factor's card)",
    filePath: 'shell/src/features/auth/fixture.ts',
    code: "export { TwoFactorSection } from '../two-factor/two-factor-section';\n",
    refusedBy: paths,
  },
  {
    name: 'a feature importing its own modules and the floor below',
    filePath: 'mf-developers/src/features/api-keys/fixture.ts',
    code: "export { kindLabel } from './model/key-labels';\nexport { reportFailure } from '../../lib/report-failure';\nexport { DevelopersTabs } from '../../components/developers-tabs';\n",
  },

  // app/ and pages/ compose features; a feature imports neither.
  {
    name: 'a feature importing the app',
    filePath: 'shell/src/features/layout/fixture.ts',
    code: "export { controlAreas } from '../../app/areas';\n",
    refusedBy: paths,
  },
  {
    name: 'a feature importing a page',
    filePath: 'mf-payments/src/features/checkout/fixture.ts',
    code: "export { default } from '../../pages/checkout-page';\n",
    refusedBy: paths,
  },
  {
    name: 'a page composing two features',
    filePath: 'shell/src/pages/fixture.ts',
    code: "export { SettingsForm } from '../features/settings/settings-form';\nexport { TwoFactorSection } from '../features/two-factor/two-factor-section';\n",
  },
  {
    name: 'the app composing features and pages',
    filePath: 'mf-payments/src/app/fixture.ts',
    code: "export { default } from '../pages/checkout-page';\nexport { CardDialog } from '../features/card-dialog/components/card-dialog';\n",
  },

  // components/, lib/, hooks/ (and the shell's remotes/) lie below: no feature, app or page.
  {
    name: 'a lower floor importing a feature',
    filePath: 'mf-developers/src/components/fixture.ts',
    code: "export { eventGroups } from '../features/webhooks/model/event-groups';\n",
    refusedBy: paths,
  },
  {
    name: 'a lower floor importing a page',
    filePath: 'mf-payments/src/lib/fixture.ts',
    code: "export { default } from '../pages/pay-form-page';\n",
    refusedBy: paths,
  },
  {
    name: "the shell's remote loader importing the app",
    filePath: 'shell/src/remotes/fixture.ts',
    code: "export { controlAreas } from '../app/areas';\n",
    refusedBy: paths,
  },
  {
    name: 'a lower floor importing its own floor and shared',
    filePath: 'mf-developers/src/components/fixture.ts',
    code: "export { listSizes } from '../lib/list-sizes';\nexport { PaginationBar } from '@paydesk/shared/ui/pagination-bar';\n",
  },

  // Module cycles in the front ends and shared too.
  {
    name: 'a cycle between front-end modules',
    filePath: 'shell/src/remotes/remote-loader.ts',
    code: "export { RemotePage } from './remote-page';\n",
    refusedBy: cycle,
  },
  {
    name: 'a cycle between two lower-floor modules',
    filePath: 'mf-developers/src/lib/list-sizes.ts',
    code: "export { useListPaging } from '../components/list-paging';\n",
    refusedBy: cycle,
  },
  {
    name: 'a cycle in shared through a lazy import (the toast host importing notify back)',
    filePath: 'shared/src/ui/toast-host.tsx',
    code: "export { toastHostMounted } from './notify';\n",
    refusedBy: cycle,
  },
  {
    name: 'a front-end import without a cycle',
    filePath: 'shell/src/remotes/remote-loader.ts',
    code: "export { publicPages } from './public-pages';\n",
  },

  // The store, the API slice and the session import no UI; their tests may.
  {
    name: 'the store importing shared UI',
    filePath: 'shared/src/store.ts',
    code: "export { notify } from './ui/notify';\n",
    refusedBy: paths,
  },
  {
    name: 'the API slice importing shared UI',
    filePath: 'shared/src/api/fixture.ts',
    code: "export { notify } from '../ui/notify';\n",
    refusedBy: paths,
  },
  {
    name: 'the UI handing the store its toast',
    filePath: 'shared/src/ui/fixture.ts',
    code: "export { appStore } from '../store';\nexport { notify } from './notify';\n",
  },
  {
    name: 'a test of the API slice with the toast',
    filePath: 'shared/src/api/fixture.test.ts',
    code: "export { sessionExpiredToast } from '../ui/session-expired-toast';\n",
  },

  // The shell's entry runs before the share scope: no stateful shared module there.
  {
    name: "the shell's entry importing the session store",
    filePath: 'shell/src/remotes/manifest.ts',
    code: "export { TOKEN_KEY } from '@paydesk/shared/session/storage';\n",
    refusedBy: names,
  },
  {
    name: "the shell's entry importing plain shared code",
    filePath: 'shell/src/remotes/manifest.ts',
    code: "export { parseAreas } from '@paydesk/shared/areas';\n",
  },
];

describeLintCases(cases);

// The layering measured over the whole tree: no upward import and no folder cycle.
it('has no upward server import and no server folder cycle', () => {
  const run = spawnSync(process.execPath, [path.join(root, 'scripts/server-folder-graph.mjs'), '--check'], { cwd: root, encoding: 'utf8' });
  expect(run.stderr).toBe('');
  expect(run.status).toBe(0);
}, 60_000);
