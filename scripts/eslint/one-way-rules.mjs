// The rules of eslint.config.mjs for one way of doing a thing (PLAT-13): money through the money
// module, and dialogs, tables and chips from the pieces of shared/src/ui
// (scripts/lint-one-way.test.ts proves each one refuses).

// Money through shared/src/money.ts, in the front ends and in the server alike: a product or a
// quotient of 100 and a value is cents converted by hand. Two literals (100 * 1024) are a constant.
export const centsByHand = {
  selector: "BinaryExpression[operator=/^[*\\/]$/]:not([left.type='Literal'][right.type='Literal']) > Literal[value=100]",
  message:
    'Cents go through @paydesk/shared/money (centsToDecimal, decimalToCents, centsOf, centsToNumber, numberToCents, centsToDollars); a percentage names its factor.',
};

// Dialogs are built on the pieces of shared/src/ui (FormDialog for a form, ConfirmDialog for an
// "are you sure?"), which name a dialog by its title, keep it open while its work runs and put the
// focus in it: a raw MUI Dialog is refused anywhere else in the front ends and shared.
const rawDialogMessage =
  'A dialog is built on @paydesk/shared/ui (FormDialog, ConfirmDialog), not on a raw MUI Dialog (docs/architecture.md, eslint.config.mjs).';
export const rawDialog = {
  paths: [{ name: '@mui/material', importNames: ['Dialog'], message: rawDialogMessage }],
  pattern: { group: ['@mui/material/Dialog'], message: rawDialogMessage },
};
// Tables and chips likewise: a table is a DataTable (columns as data, in its keyboard-scrollable
// TableRegion, the same header, empty, loading and phone layout everywhere), a status a StatusChip
// (the tones that pass the contrast checks), any other chip a LabelChip.
const rawTableMessage =
  'A table is a DataTable of @paydesk/shared/ui (columns as data), not a raw MUI Table or TableHead (docs/architecture.md, eslint.config.mjs).';
export const rawTable = {
  paths: [{ name: '@mui/material', importNames: ['Table', 'TableHead'], message: rawTableMessage }],
  pattern: { group: ['@mui/material/Table', '@mui/material/TableHead'], message: rawTableMessage },
};
const rawChipMessage =
  'A chip is a StatusChip (a status) or a LabelChip (any other label) of @paydesk/shared/ui, not a raw MUI Chip (docs/architecture.md, eslint.config.mjs).';
export const rawChip = {
  paths: [{ name: '@mui/material', importNames: ['Chip'], message: rawChipMessage }],
  pattern: { group: ['@mui/material/Chip'], message: rawChipMessage },
};
/** The options of no-restricted-imports that refuse the raw `pieces` beside a package `wall`. */
export const refusing = (pieces, wall) => ({
  paths: pieces.flatMap((piece) => piece.paths),
  patterns: [wall, ...pieces.map((piece) => piece.pattern)],
});
// The shared UI pieces themselves.
export const uiPieces = 'shared/src/ui/**';
// The other places where a raw Dialog is the right piece, each with its reason.
export const rawDialogAllowed = [
  // The payer flow's dialogs keep their own (PAY-05, PAY-09, PAY-11, PAY-17): the card dialog gives
  // the focus to no field (the payer tabs into Card Number), its Pay button shows a spinner, not a
  // busy text; the 3-D Secure modal and the challenge frame cannot be dismissed at all and are timed.
  'mf-payments/src/features/card-dialog/components/card-dialog.tsx',
  'mf-payments/src/features/three-ds/components/demo-three-ds-modal.tsx',
  'mf-payments/src/features/three-ds/components/challenge-overlay.tsx',
];
