import { NOT_A_WORKBOOK_MESSAGE } from '@paydesk/shared/cards/card-upload';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { fakeUploadXhr, fileNamed, type UploadReply } from '@paydesk/shared/testing/fake-upload-xhr';
import { fakeCardsApi } from '../testing/fake-cards-api';
import { CardManagement } from './card-management';
import { TEMPLATE_URL, UploadCardsDialog } from './upload-cards-dialog';

let xhr: ReturnType<typeof fakeUploadXhr>;
let api: ReturnType<typeof fakeCardsApi> | undefined;
afterEach(() => {
  localStorage.clear();
  xhr.restore();
  api?.restore();
  api = undefined;
});

// The browser's own accept filter would hide a .csv from the picker; the check under test is ours.
const user = () => userEvent.setup({ applyAccept: false });

function openDialog(reply?: UploadReply) {
  xhr = fakeUploadXhr(reply);
  const onClose = jest.fn();
  renderWithProviders(<UploadCardsDialog onClose={onClose} />, { preloadedState: sessionOf(testUsers.admin) });
  return { onClose, dialog: within(screen.getByRole('dialog', { name: 'Upload Cards' })) };
}

async function uploadFile(u: ReturnType<typeof user>, name: string) {
  await u.upload(screen.getByLabelText('Excel file'), fileNamed(name));
  await u.click(screen.getByRole('button', { name: 'Upload' }));
}

const result = (over: object = {}) => ({
  rows: 5,
  added: 3,
  already_in_pool: 1,
  rejected_count: 1,
  rejected: [{ row: 4, reason: 'The card number fails the Luhn check' }],
  ...over,
});
const figure = (key: string) => screen.getByTestId(`upload-${key}`).textContent;

test('a file whose name is not .xlsx or .xls gets the Invalid File toast and is never sent', async () => {
  openDialog();
  const u = user();
  await u.upload(screen.getByLabelText('Excel file'), fileNamed('cards.csv'));
  expect(await screen.findByText('Invalid File')).toBeInTheDocument();
  expect(screen.getByText('Please upload an Excel file (.xlsx or .xls)')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  expect(screen.getByTestId('chosen-file').textContent).toBe('No file chosen');
  expect(xhr.sent).toHaveLength(0);
});

test('shows the share sent, then Processing…, then Upload Successful with the counts and the rejected rows', async () => {
  localStorage.setItem('token', 'test-token');
  openDialog();
  const u = user();
  await uploadFile(u, 'cards.XLSX');
  const [upload] = xhr.sent;
  expect(upload).toMatchObject({ method: 'POST', url: '/api/backend/cards/upload', fileName: 'cards.XLSX' });
  expect(upload!.headers.authorization).toBe('Bearer test-token');
  expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();

  act(() => upload!.progress(512, 2048));
  expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe('25');
  expect(screen.getByText('Uploading… 25%')).toBeInTheDocument();
  act(() => upload!.progress(2048, 2048));
  expect(screen.getByText('Processing…')).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Processing' }).getAttribute('aria-valuenow')).toBeNull();

  act(() => upload!.respond(201, { status: 'success', message: 'Cards uploaded successfully', data: result() }));
  expect(await screen.findByText('Upload Successful')).toBeInTheDocument();
  expect(screen.getByText('Cards uploaded successfully')).toBeInTheDocument();
  expect(screen.queryByText('Processing…')).not.toBeInTheDocument();
  expect([figure('rows'), figure('added'), figure('already_in_pool'), figure('rejected_count')]).toEqual(['5', '3', '1', '1']);
  const rejected = within(screen.getByRole('table', { name: 'Rejected rows' }));
  expect(
    rejected
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.textContent),
  ).toEqual(['4The card number fails the Luhn check']);
  expect(screen.queryByText(/^Showing the first/)).not.toBeInTheDocument();
});

test('says when the server listed only some of the rejected rows', async () => {
  const listed = Array.from({ length: 100 }, (_, i) => ({ row: i + 2, reason: 'The card has expired' }));
  openDialog({
    status: 201,
    body: {
      status: 'success',
      message: 'Cards uploaded successfully',
      data: result({ rows: 300, added: 50, already_in_pool: 0, rejected_count: 250, rejected: listed }),
    },
  });
  await uploadFile(user(), 'cards.xls');
  expect(await screen.findByText('Showing the first 100 of 250 rejected rows.')).toBeInTheDocument();
  expect(within(screen.getByRole('table', { name: 'Rejected rows' })).getAllByRole('row')).toHaveLength(101);
});

test("a workbook the server refuses shows Upload Failed with the server's reason, not Invalid File", async () => {
  openDialog({ status: 415, body: { status: 'error', message: NOT_A_WORKBOOK_MESSAGE, code: 'unsupported_media_type' } });
  await uploadFile(user(), 'renamed.xlsx');
  expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
  expect(screen.getByText(NOT_A_WORKBOOK_MESSAGE)).toBeInTheDocument();
  expect(screen.queryByText('Invalid File')).not.toBeInTheDocument();
  expect(screen.queryByTestId('upload-result')).not.toBeInTheDocument();
});

test('a 422 answer shows Upload Failed with the server message and the rejected rows', async () => {
  openDialog({
    status: 422,
    body: {
      status: 'error',
      message: 'No card in the file could be added',
      data: result({
        rows: 2,
        added: 0,
        already_in_pool: 0,
        rejected_count: 2,
        rejected: [
          { row: 2, reason: 'The card has expired' },
          { row: 3, reason: 'The CVV must have 3 digits' },
        ],
      }),
    },
  });
  await uploadFile(user(), 'cards.xlsx');
  expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
  expect(screen.getByText('No card in the file could be added')).toBeInTheDocument();
  expect(figure('added')).toBe('0');
  const rows = within(screen.getByRole('table', { name: 'Rejected rows' }))
    .getAllByRole('row')
    .slice(1);
  expect(rows.map((r) => r.textContent)).toEqual(['2The card has expired', '3The CVV must have 3 digits']);
  expect(screen.queryByText('Upload Successful')).not.toBeInTheDocument();
});

test.each([
  [
    'the server message',
    { status: 413, body: { status: 'error', message: 'The file is too large (at most 5 MB)' } },
    'The file is too large (at most 5 MB)',
  ],
  ['Failed to upload cards without one', { status: 502, body: '<html>Bad gateway</html>' }, 'Failed to upload cards'],
])('a refused upload shows Upload Failed with %s', async (_case, reply, message) => {
  openDialog(reply);
  await uploadFile(user(), 'cards.xlsx');
  expect(await screen.findByText('Upload Failed')).toBeInTheDocument();
  expect(screen.getByText(message)).toBeInTheDocument();
});

test('an upload that does not reach the server shows Upload Failed / Failed to upload cards and can be tried again', async () => {
  openDialog();
  const u = user();
  await uploadFile(u, 'cards.xlsx');
  act(() => xhr.sent[0]!.fail());
  expect(await screen.findByText('Failed to upload cards')).toBeInTheDocument();
  expect(screen.getByTestId('chosen-file').textContent).toBe('cards.xlsx');
  await u.click(screen.getByRole('button', { name: 'Upload' }));
  expect(xhr.sent).toHaveLength(2);
});

test('Cancel stops an upload under way without a toast', async () => {
  const { onClose } = openDialog();
  const u = user();
  await uploadFile(u, 'cards.xlsx');
  await u.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(xhr.sent[0]!.aborted).toBe(true);
  await screen.findByRole('button', { name: 'Close' });
  expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  expect(onClose).not.toHaveBeenCalled();
});

test('Download Template opens the template in a new window', async () => {
  const open = jest.spyOn(window, 'open').mockReturnValue(null);
  openDialog();
  await user().click(screen.getByRole('button', { name: 'Download Template' }));
  expect(open).toHaveBeenCalledWith(TEMPLATE_URL, '_blank', 'noopener');
  expect(TEMPLATE_URL).toBe('/api/backend/cards/download/bulk-template');
  open.mockRestore();
});

test('after an upload the list asks the server again', async () => {
  api = fakeCardsApi();
  xhr = fakeUploadXhr({ status: 201, body: { status: 'success', message: 'Cards uploaded successfully', data: result() } });
  renderWithProviders(<CardManagement />, { route: '/control/cards', preloadedState: sessionOf(testUsers.admin) });
  const u = user();
  await screen.findByText('Cards (3)');
  await u.click(screen.getByRole('button', { name: 'Upload Cards' }));
  await uploadFile(u, 'cards.xlsx');
  await screen.findByText('Upload Successful');
  await waitFor(() => expect(api!.lists()).toHaveLength(2));
});
