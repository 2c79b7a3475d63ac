// The rules of eslint.config.mjs for one way of doing a thing (PLAT-13) refuse the other ways and
// let through the shared piece: money and failed calls, dialogs, tables and chips.
import { describeLintCases, names, oneWay, type Case } from './lint-cases';

const cases: Case[] = [
  // One way of doing each thing in the front ends (PLAT-13): money and failed calls through shared.
  {
    name: 'a remote converting cents by hand',
    filePath: 'mf-wallet/src/fixture.ts',
    code: 'export const dollars = (cents: number) => cents / 100;\n',
    refusedBy: oneWay,
  },
  {
    name: 'the shell reading an error status by hand',
    filePath: 'shell/src/fixture.ts',
    code: "export const answered = (e: object) => 'status' in e;\n",
    refusedBy: oneWay,
  },
  {
    name: 'the money module converting cents',
    filePath: 'shared/src/money.ts',
    code: 'export const dollars = (cents: number) => cents / 100;\n',
  },
  {
    name: 'a remote reading an error with readApiError',
    filePath: 'mf-wallet/src/fixture.ts',
    code: "import { readApiError } from '@paydesk/shared/api/api-error';\nexport const status = (e: unknown) => readApiError(e).status;\n",
  },

  // Dialogs are built on shared's pieces (FormDialog, ConfirmDialog): a raw MUI Dialog is refused elsewhere.
  {
    name: 'a remote importing a raw MUI Dialog',
    filePath: 'mf-wallet/src/features/withdrawals/components/fixture.tsx',
    code: "export { default as Dialog } from '@mui/material/Dialog';\n",
    refusedBy: names,
  },
  {
    name: 'the shell importing Dialog from the MUI barrel',
    filePath: 'shell/src/features/two-factor/fixture.tsx',
    code: "export { Dialog } from '@mui/material';\n",
    refusedBy: names,
  },
  {
    name: 'shared outside its UI pieces importing a raw MUI Dialog',
    filePath: 'shared/src/testing/fixture.tsx',
    code: "export { default as Dialog } from '@mui/material/Dialog';\n",
    refusedBy: names,
  },
  {
    name: "shared's UI pieces importing a raw MUI Dialog",
    filePath: 'shared/src/ui/fixture.tsx',
    code: "export { default as Dialog } from '@mui/material/Dialog';\nexport { default as DialogTitle } from '@mui/material/DialogTitle';\n",
  },
  {
    name: 'a remote building its dialog on FormDialog, with MUI dialog parts',
    filePath: 'mf-wallet/src/features/withdrawals/components/fixture.tsx',
    code: "export { FormDialog } from '@paydesk/shared/ui/form-dialog';\nexport { default as DialogContentText } from '@mui/material/DialogContentText';\n",
  },
  {
    name: "the payer flow's card dialog, allowed by path",
    filePath: 'mf-payments/src/features/card-dialog/components/card-dialog.tsx',
    code: "export { default as Dialog } from '@mui/material/Dialog';\n",
  },
  {
    name: 'an allowed path still walled off from the other packages',
    filePath: 'mf-payments/src/features/card-dialog/components/card-dialog.tsx',
    code: "export { default } from 'mf-wallet/src/pages/withdrawals-page';\n",
    refusedBy: names,
  },

  // Tables are DataTable and chips StatusChip or LabelChip, from shared's pieces: raw MUI Table, TableHead and Chip are refused elsewhere.
  {
    name: 'a remote importing a raw MUI Table',
    filePath: 'mf-wallet/src/features/withdrawals/components/fixture.tsx',
    code: "export { default as Table } from '@mui/material/Table';\n",
    refusedBy: names,
  },
  {
    name: 'a remote importing a raw MUI TableHead',
    filePath: 'mf-cards/src/features/cards/components/fixture.tsx',
    code: "export { default as TableHead } from '@mui/material/TableHead';\n",
    refusedBy: names,
  },
  {
    name: 'a remote importing TableHead from the MUI barrel',
    filePath: 'mf-users/src/features/audit/components/fixture.tsx',
    code: "export { TableHead } from '@mui/material';\n",
    refusedBy: names,
  },
  {
    name: 'the shell importing a raw MUI Chip',
    filePath: 'shell/src/features/layout/fixture.tsx',
    code: "export { default as Chip } from '@mui/material/Chip';\n",
    refusedBy: names,
  },
  {
    name: 'a remote importing Chip from the MUI barrel',
    filePath: 'mf-developers/src/features/api-keys/components/fixture.tsx',
    code: "export { Chip } from '@mui/material';\n",
    refusedBy: names,
  },
  {
    name: 'shared outside its UI pieces importing a raw MUI Chip',
    filePath: 'shared/src/testing/fixture.tsx',
    code: "export { default as Chip } from '@mui/material/Chip';\n",
    refusedBy: names,
  },
  {
    name: 'a path allowed a raw Dialog still refused a raw Chip',
    filePath: 'mf-payments/src/features/card-dialog/components/card-dialog.tsx',
    code: "export { default as Chip } from '@mui/material/Chip';\n",
    refusedBy: names,
  },
  {
    name: "shared's UI pieces importing a raw MUI Table, TableHead and Chip",
    filePath: 'shared/src/ui/fixture.tsx',
    code: "export { default as Table } from '@mui/material/Table';\nexport { default as TableHead } from '@mui/material/TableHead';\nexport { default as Chip } from '@mui/material/Chip';\n",
  },
  {
    name: 'a remote building its table on DataTable, with a StatusChip and a LabelChip',
    filePath: 'mf-developers/src/features/webhooks/components/fixture.tsx',
    code: "export { DataTable } from '@paydesk/shared/ui/data-table';\nexport { StatusChip } from '@paydesk/shared/ui/status-chip';\nexport { LabelChip } from '@paydesk/shared/ui/label-chip';\n",
  },

  // The server's money goes through shared's money module too.
  {
    name: 'the server converting cents by hand',
    filePath: 'server/src/payments/fixture.ts',
    code: 'export const amount = (cents: number) => cents / 100;\n',
    refusedBy: oneWay,
  },
  {
    name: 'the server converting cents through the money module',
    filePath: 'server/src/payments/fixture.ts',
    code: "import { centsToNumber } from '@paydesk/shared/money';\nexport const amount = (cents: number) => centsToNumber(cents);\n",
  },
  {
    name: 'the server writing a size in bytes',
    filePath: 'server/src/cards/fixture.ts',
    code: 'export const MAX_BYTES = 100 * 1024 * 1024;\n',
  },
];

describeLintCases(cases);
