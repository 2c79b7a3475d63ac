import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { fakeUploadXhr, fileNamed } from '@paydesk/shared/testing/fake-upload-xhr';
import type { DisputeObject } from '@paydesk/shared/schemas/merchant-objects';
import type { Handler } from '@paydesk/shared/testing/fake-api';
import { aDispute, hoursFromNow, noEvidence } from '@paydesk/shared/testing/dispute';
import { aTimeline, fakeDisputesApi } from '../testing/dispute';
import { DisputeView } from './dispute-view';

const dispute = aDispute();
const url = `/api/backend/disputes/${dispute.id}`;
type Role = keyof typeof testUsers;

/** The dispute's page for a role, over a fake API whose POSTs answer with `answer`. */
function renderDispute(role: Role = 'admin', shown: DisputeObject = dispute, more: Record<string, Handler> = {}) {
  const api = fakeDisputesApi([shown], more);
  renderWithProviders(<DisputeView id={shown.id} />, { preloadedState: sessionOf(testUsers[role]) });
  return api;
}
const changedTo =
  (message: string, over: Partial<DisputeObject>): Handler =>
  () => ({
    body: { status: 'success', message, data: { ...dispute, ...over } },
  });
const posted = (api: ReturnType<typeof fakeDisputesApi>) => api.calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);
const evidenceForm = () => screen.findByRole('form', { name: 'Evidence' });

test('the dispute: its amount, fee, reason, status, time to respond, and a link to the payment', async () => {
  renderDispute('viewer');
  const card = await screen.findByRole('region', { name: 'Dispute' });
  expect(screen.getByRole('heading', { level: 1, name: 'Dispute' })).toBeInTheDocument();
  const value = (label: string) => within(card).getByTestId(`detail-${label}`).textContent?.slice(label.length);
  expect(value('Amount')).toBe('$80.00 USD');
  expect(value('Dispute fee')).toBe('$15.00');
  expect(value('Reason')).toBe('Fraudulent');
  expect(value('Status')).toBe('Needs response');
  expect(value('Time to respond')).toMatch(/^(9|10) days leftDue /);
  expect(within(card).getByRole('link', { name: 'TXNXXXXXXXXXXXXXX01' })).toHaveAttribute(
    'href',
    '/control/transactions/TXNXXXXXXXXXXXXXX01',
  );
  expect(screen.getByRole('link', { name: 'Back to Disputes' })).toHaveAttribute('href', '/control/disputes');
});

test('a viewer reads the evidence: no form, no Save, Submit or Accept, and no upload', async () => {
  const given = aDispute({ evidence: { ...noEvidence(), customer_name: 'Ada Lovelace', receipt: 'file_xxxxxxxxxxxxxxxxxxxx0001' } });
  renderDispute('viewer', given);
  const evidence = await screen.findByRole('region', { name: 'Evidence' });
  expect(within(evidence).getByText('An admin answers disputes: you can read this one.')).toBeInTheDocument();
  expect(within(evidence).getByText('Ada Lovelace')).toBeInTheDocument();
  expect(within(evidence).getByRole('button', { name: 'Download Receipt' })).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Evidence' })).not.toBeInTheDocument();
  for (const name of ['Save', 'Submit evidence', 'Accept dispute', /^Upload/])
    expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
  expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
});

test('Save keeps a draft: only the fields changed are sent, without submit, and the page says nothing went to the issuer', async () => {
  const api = renderDispute('admin', aDispute({ evidence: { ...noEvidence(), customer_name: 'Ada' } }), {
    [`POST ${url}`]: changedTo('Evidence saved', {
      evidence: { ...noEvidence(), customer_name: 'Ada Lovelace', billing_address: '1 Analytical Way' },
    }),
  });
  await evidenceForm();
  const user = userEvent.setup();
  expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  await user.type(screen.getByRole('textbox', { name: 'Customer name' }), ' Lovelace ');
  await user.type(screen.getByRole('textbox', { name: 'Billing address' }), '1 Analytical Way');
  expect(screen.getByText('Changes not saved yet')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Evidence saved')).toBeInTheDocument();
  expect(screen.getByText('A draft: nothing is sent to the issuer until you submit')).toBeInTheDocument();
  // The API's rules trim a text; what it answers becomes the saved form.
  expect(posted(api)).toEqual([[url, { evidence: { billing_address: '1 Analytical Way', customer_name: 'Ada Lovelace' } }]]);
  expect(api.calls.find((c) => c.method === 'POST')!.headers.get('idempotency-key')).toMatch(/^[0-9a-f]{32}$/);
  await waitFor(() => expect(screen.queryByText('Changes not saved yet')).not.toBeInTheDocument());
  expect(screen.getByRole('textbox', { name: 'Customer name' })).toHaveValue('Ada Lovelace');
});

test('a card number in a text is refused under its field, and nothing is sent', async () => {
  const api = renderDispute();
  await evidenceForm();
  const user = userEvent.setup();
  await user.type(screen.getByRole('textbox', { name: 'Additional information' }), 'paid with 4242 4242 4242 4242');
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Evidence may not contain a card number: give the last four digits only')).toBeInTheDocument();
  expect(posted(api)).toEqual([]);
});

test('Submit asks first, then sends the changes with submit: true; Cancel sends nothing', async () => {
  const api = renderDispute('admin', dispute, {
    [`POST ${url}`]: changedTo('Evidence submitted', { status: 'under_review' }),
  });
  await evidenceForm();
  const user = userEvent.setup();
  expect(screen.getByRole('button', { name: 'Submit evidence' })).toBeDisabled();
  await user.type(screen.getByRole('textbox', { name: 'Product or service description' }), 'winning_evidence');
  await user.click(screen.getByRole('button', { name: 'Submit evidence' }));
  let dialog = screen.getByRole('dialog', { name: 'Submit the evidence?' });
  expect(dialog).toHaveTextContent(
    "1 text and 0 files go to the cardholder's bank, with the changes not saved yet. Submitted evidence is final",
  );
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  expect(posted(api)).toEqual([]);

  await user.click(screen.getByRole('button', { name: 'Submit evidence' }));
  dialog = screen.getByRole('dialog', { name: 'Submit the evidence?' });
  await user.click(within(dialog).getByRole('button', { name: 'Submit evidence' }));
  expect(await screen.findByText('The issuer decides on it; the timeline shows the outcome')).toBeInTheDocument();
  expect(posted(api)).toEqual([[url, { evidence: { product_description: 'winning_evidence' }, submit: true }]]);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test("Accept asks first, saying what is lost, then closes the dispute; the server's refusal is shown", async () => {
  const api = renderDispute('admin', dispute, { [`POST ${url}/close`]: changedTo('Dispute accepted', { status: 'lost' }) });
  await evidenceForm();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Accept dispute' }));
  const dialog = screen.getByRole('dialog', { name: 'Accept the dispute?' });
  expect(dialog).toHaveTextContent(
    "The dispute closes as lost: the $80.00 and the $15.00 fee taken from the balance stay with the cardholder's bank",
  );
  expect(posted(api)).toEqual([]);
  await user.click(within(dialog).getByRole('button', { name: 'Accept dispute' }));
  expect(await screen.findByText('Dispute accepted')).toBeInTheDocument();
  expect(posted(api)).toEqual([[`${url}/close`, undefined]]);

  api.reply(`POST ${url}/close`, () => ({
    status: 409,
    body: { status: 'error', message: 'Evidence was submitted: the issuer is deciding', code: 'dispute_evidence_submitted' },
  }));
  await user.click(screen.getByRole('button', { name: 'Accept dispute' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Accept the dispute?' })).getByRole('button', { name: 'Accept dispute' }));
  expect(await screen.findByText('Evidence was submitted: the issuer is deciding')).toBeInTheDocument();
});

test('an inquiry is accepted as an inquiry: no money moves', async () => {
  renderDispute('admin', aDispute({ status: 'warning_needs_response', fee: '0.00' }));
  await evidenceForm();
  expect(screen.getByRole('heading', { level: 1, name: 'Inquiry' })).toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole('button', { name: 'Accept inquiry' }));
  expect(screen.getByRole('dialog', { name: 'Accept the inquiry?' })).toHaveTextContent('no money moves');
});

describe('evidence files', () => {
  let xhr: ReturnType<typeof fakeUploadXhr>;
  afterEach(() => xhr.restore());
  // The browser's own accept filter would hide a file from the picker; the checks under test are ours and the server's.
  const user = () => userEvent.setup({ applyAccept: false });
  const receiptInput = () => screen.getByLabelText('Receipt: PDF, PNG or JPEG, at most 5 MB');

  test('a file goes up with its progress shown, then is part of the evidence once saved', async () => {
    xhr = fakeUploadXhr();
    const api = renderDispute('admin', dispute, { [`POST ${url}`]: changedTo('Evidence saved', {}) });
    await evidenceForm();
    const u = user();
    await u.upload(receiptInput(), fileNamed('receipt.pdf', '%PDF-1.4'));
    const [upload] = xhr.sent;
    expect([upload!.method, upload!.url, upload!.fileName, upload!.form?.get('purpose')]).toEqual([
      'POST',
      '/api/backend/files',
      'receipt.pdf',
      'dispute_evidence',
    ]);
    act(() => upload!.progress(40, 100));
    expect(await screen.findByText('Uploading… 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading Receipt' })).toHaveAttribute('aria-valuenow', '40');
    // The form waits for the file before it saves.
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    act(() => upload!.progress(100, 100));
    act(() =>
      upload!.respond(201, {
        status: 'success',
        message: 'File uploaded',
        data: {
          object: 'file',
          id: 'file_xxxxxxxxxxxxxxxxxxxx0009',
          purpose: 'dispute_evidence',
          filename: 'receipt.pdf',
          type: 'application/pdf',
          size: 8,
          created_at: '2026-03-01T11:00:00.000Z',
        },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(within(screen.getByTestId('file-Receipt')).getByTestId('file-name').textContent).toBe('receipt.pdf');
    await u.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Evidence saved');
    expect(posted(api)).toEqual([[url, { evidence: { receipt: 'file_xxxxxxxxxxxxxxxxxxxx0009' } }]]);
  });

  test("a refused file shows the server's message under its field; one over 5 MB or of another type is never sent", async () => {
    xhr = fakeUploadXhr({
      status: 415,
      body: {
        status: 'error',
        message: 'The file is, or holds, a ZIP archive: only PDF, PNG and JPEG files are taken',
        code: 'unsupported_media_type',
      },
    });
    renderDispute();
    await evidenceForm();
    const u = user();
    await u.upload(receiptInput(), fileNamed('receipt.pdf', 'PK'));
    const field = within(screen.getByTestId('file-Receipt'));
    expect(await field.findByRole('alert')).toHaveTextContent(
      'The file is, or holds, a ZIP archive: only PDF, PNG and JPEG files are taken',
    );
    expect(field.getByTestId('file-name').textContent).toBe('No file');
    expect(xhr.sent).toHaveLength(1);

    await u.upload(receiptInput(), fileNamed('notes.docx'));
    expect(field.getByRole('alert')).toHaveTextContent('Only PDF, PNG and JPEG files are taken');
    const large = fileNamed('scan.pdf');
    Object.defineProperty(large, 'size', { value: 5 * 1024 * 1024 + 1 });
    await u.upload(receiptInput(), large);
    expect(field.getByRole('alert')).toHaveTextContent('A file is at most 5 MB: scan.pdf is larger');
    expect(xhr.sent).toHaveLength(1);
  });
});

test('the timeline tells each change its events show, with the due date last while evidence is awaited', async () => {
  const opened = aDispute({ evidence_details: { due_by: hoursFromNow(100), has_evidence: true, past_due: false, submission_count: 0 } });
  fakeDisputesApi(
    [opened],
    {},
    {
      [opened.id]: aTimeline(opened, [
        ['dispute.created', 'needs_response'],
        ['dispute.funds_withdrawn', 'needs_response'],
        ['dispute.updated', 'needs_response', true],
      ]),
    },
  );
  renderWithProviders(<DisputeView id={opened.id} />, { preloadedState: sessionOf(testUsers.viewer) });
  const timeline = await screen.findByTestId('timeline');
  expect(
    within(timeline)
      .getAllByRole('listitem')
      .map((item) => item.firstChild?.textContent),
  ).toEqual(['Dispute opened', '$80.00 and the $15.00 fee taken from the balance', 'Evidence saved', 'Evidence due']);
});

test('a dispute under review shows its evidence to read, with no form and no Accept', async () => {
  renderDispute('admin', aDispute({ status: 'under_review', evidence: { ...noEvidence(), uncategorized_text: 'winning_evidence' } }));
  expect(await screen.findByText('winning_evidence')).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Evidence' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Accept dispute' })).not.toBeInTheDocument();
});

test('a dispute that does not exist says so', async () => {
  fakeDisputesApi([]);
  renderWithProviders(<DisputeView id="dp_xxxxxxxxxxxxxxxxxxxx9999" />, { preloadedState: sessionOf(testUsers.admin) });
  expect(await screen.findByText('Dispute not found')).toBeInTheDocument();
});
