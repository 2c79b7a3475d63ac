import { disputeTimelineResponse, MAX_FILE_BYTES } from '@paydesk/shared/schemas/dispute';
import { fileObject } from '@paydesk/shared/schemas/merchant-objects';
import { transactionDetails } from '@paydesk/shared/schemas/transaction';
import { attachmentHeader } from '../src/files/file-routes';
import { bearer, login, type TestApp } from './helper';
import { disputedPayment, disputesTestApp, evidenceFiles, INQUIRY_CARD, runDisputes, type DisputesApi } from './disputes-fixtures';
import { paidPayment } from './refunds-fixtures';

/**
 * Evidence files (DSP-11), recognised by their bytes and refused when hostile, and the back
 * office's dispute page: its timeline, its payment and its files. One app for the file; each test
 * makes its own payments.
 */
let t: TestApp;
let api: DisputesApi;
let staff: DisputesApi;
let adminToken: string;
beforeAll(async () => {
  ({ t, api, staff, adminToken } = await disputesTestApp());
}, 60_000);
afterAll(() => t?.close());

describe('evidence files (DSP-11)', () => {
  const fileCount = async () => Number((await t.db.query<{ n: number }>('select count(*)::int as n from files'))[0]!.n);

  it('takes a PDF, a PNG and a JPEG by their bytes, whatever their names say, and evidence names them by id', async () => {
    const uploads = [
      [evidenceFiles.pdf(), 'receipt.pdf', 'application/pdf'],
      [evidenceFiles.png(), 'photo.pdf', 'image/png'],
      [evidenceFiles.jpeg(), 'scan.jpg', 'image/jpeg'],
    ] as const;
    const ids: string[] = [];
    for (const [bytes, name, type] of uploads) {
      const response = await api.upload(bytes, name);
      expect([response.statusCode, response.json().message]).toEqual([201, 'File uploaded']);
      expect(fileObject.parse(response.json().data)).toMatchObject({
        purpose: 'dispute_evidence',
        filename: name,
        type,
        size: bytes.length,
      });
      ids.push(response.json().data.id);
    }
    const [stored] = await t.db.query<{ content: Uint8Array }>('select content from files where id = $1', [ids[1]]);
    expect(Buffer.from(stored!.content).equals(evidenceFiles.png())).toBe(true);

    const { disputeId } = await disputedPayment(t, 24);
    const saved = await api.update(disputeId, {
      evidence: { receipt: ids[0], shipping_documentation: ids[1], uncategorized_file: ids[2] },
    });
    expect(saved.json().data.evidence).toMatchObject({ receipt: ids[0], shipping_documentation: ids[1], uncategorized_file: ids[2] });
  });

  it('refuses a name with a folder, control or direction characters, storing nothing; keeps any other without leading dots', async () => {
    const count = async () => Number((await t.db.query<{ n: string }>('select count(*)::text as n from files'))[0]?.n);
    const before = await count();
    for (const sent of [
      '../../etc/passwd.pdf',
      '..\\..\\windows\\win.ini.pdf',
      'evidence/receipt.pdf',
      'a\u0000b.pdf',
      'invoice\u202efdp.exe.pdf',
      '../',
    ]) {
      const response = await api.upload(evidenceFiles.pdf(), sent);
      expect([sent, response.statusCode, response.json().code]).toEqual([sent, 400, 'invalid_request']);
      expect(response.json().message).toContain('send the file by its own name');
    }
    expect(await count()).toBe(before);
    for (const [sent, kept] of [
      ['.htaccess', 'htaccess'],
      ['  receipt (1).pdf ', 'receipt (1).pdf'],
      ['reçu-été.pdf', 'reçu-été.pdf'],
    ]) {
      const response = await api.upload(evidenceFiles.pdf(), sent!);
      expect([sent, response.statusCode, response.json().data?.filename]).toEqual([sent, 201, kept]);
    }
  });

  it.each([
    ['a ZIP renamed .pdf', Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.alloc(40)]), 'evidence.pdf'],
    [
      'a PDF that is a ZIP too',
      Buffer.concat([evidenceFiles.pdf(), Buffer.from('PK\u0005\u0006', 'latin1'), Buffer.alloc(18), Buffer.from('\n%%EOF\n')]),
      'polyglot.pdf',
    ],
    ['a PNG with a script after its end', evidenceFiles.png(Buffer.from('<script>alert(1)</script>')), 'photo.png'],
    ['a PNG with data after its end', evidenceFiles.png(Buffer.from('trailing bytes')), 'photo.png'],
    ['a script named .png', Buffer.from('<script>alert(document.cookie)</script>'), 'photo.png'],
    ['an HTML page named .pdf', Buffer.from('<!doctype html><html><body>hi</body></html>'), 'page.pdf'],
    [
      'a PDF that runs JavaScript',
      Buffer.from('%PDF-1.4\n1 0 obj << /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\n%%EOF\n'),
      'run.pdf',
    ],
    ['a JPEG with data after its end', Buffer.concat([evidenceFiles.jpeg(), Buffer.from('tail')]), 'scan.jpg'],
    ['a damaged PNG', evidenceFiles.png().subarray(0, 20), 'photo.png'],
    ['a text file', Buffer.from('just words'), 'notes.txt'],
    ['an empty file', Buffer.alloc(0), 'empty.pdf'],
  ])('refuses %s with 415 and stores nothing', async (_name, bytes, filename) => {
    const before = await fileCount();
    const response = await api.upload(bytes, filename);
    expect([response.statusCode, response.json().code]).toEqual([415, 'unsupported_media_type']);
    expect(await fileCount()).toBe(before);
  });

  it('refuses a file over 5 MB, and a 50 MB body before reading it, with 413', async () => {
    const before = await fileCount();
    const justOver = Buffer.concat([evidenceFiles.pdf(), Buffer.alloc(MAX_FILE_BYTES)]);
    const over = await api.upload(justOver, 'big.pdf');
    expect([over.statusCode, over.json().code, over.json().message]).toEqual([413, 'payload_too_large', 'A file is at most 5 MB']);
    const huge = await api.upload(Buffer.alloc(50 * 1024 * 1024), 'huge.pdf');
    expect([huge.statusCode, huge.json().code]).toEqual([413, 'payload_too_large']);
    expect(await fileCount()).toBe(before);
  });

  it('refuses a body without its purpose or its one file, with 400', async () => {
    const before = await fileCount();
    expect((await api.upload(evidenceFiles.pdf(), 'a.pdf', null)).json().message).toBe('purpose must be one of: dispute_evidence');
    expect((await api.upload(evidenceFiles.pdf(), 'a.pdf', 'identity_document')).statusCode).toBe(400);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: bearer(t.config.secretKey),
      payload: { purpose: 'dispute_evidence' },
    });
    expect(json.statusCode).toBe(400);
    const twoFiles = new FormData();
    twoFiles.append('purpose', 'dispute_evidence');
    for (const name of ['a.pdf', 'b.pdf']) twoFiles.append('file', new Blob([new Uint8Array(evidenceFiles.pdf())]), name);
    const request = new Request('http://localhost/', { method: 'POST', body: twoFiles });
    const two = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...bearer(t.config.secretKey), 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    expect([two.statusCode, two.json().code]).toEqual([400, 'invalid_request']);
    expect(await fileCount()).toBe(before);
  });

  it("answers a retried upload with the first file, and audits a staff member's upload", async () => {
    const first = await api.upload(evidenceFiles.jpeg(), 'same.jpg', 'dispute_evidence', 'upload-same-jpg');
    const again = await api.upload(evidenceFiles.jpeg(), 'same.jpg', 'dispute_evidence', 'upload-same-jpg');
    expect([again.statusCode, again.headers['idempotent-replayed'], again.body]).toEqual([201, 'true', first.body]);
    const other = await api.upload(evidenceFiles.png(), 'same.jpg', 'dispute_evidence', 'upload-same-jpg');
    expect([other.statusCode, other.json().code]).toEqual([422, 'idempotency_key_reused']);

    const byStaff = await staff.upload(evidenceFiles.pdf(), 'staff.pdf');
    expect(byStaff.statusCode).toBe(201);
    const [entry] = await t.db.query<{ actor_email: string; changes: Record<string, { to: unknown }> }>(
      `select actor_email, changes from audit_log where action = 'file.uploaded' and target_id = $1`,
      [byStaff.json().data.id],
    );
    expect(entry).toEqual({
      actor_email: 'admin@paydesk.test',
      changes: { purpose: { to: 'dispute_evidence' }, type: { to: 'application/pdf' }, size: { to: evidenceFiles.pdf().length } },
    });
  });
});

describe("the back office's dispute page: its history, its payment, its files", () => {
  const read = (url: string, token = adminToken) => t.app.inject({ url, headers: bearer(token) });
  const timelineOf = async (id: string, token?: string) => {
    const response = await read(`/api/backend/disputes/${id}/timeline`, token);
    expect(response.statusCode).toBe(200);
    return disputeTimelineResponse
      .parse(response.json())
      .data.map(({ type, status, has_evidence, submission_count }) => [type, status, has_evidence, submission_count].join(' '));
  };

  it("tells each change from the dispute's own events, oldest first, the money after the status; a viewer reads it too", async () => {
    const { disputeId } = await disputedPayment(t, 29);
    await staff.update(disputeId, { evidence: { customer_name: 'Ada' } });
    await staff.update(disputeId, { evidence: { uncategorized_text: 'winning_evidence' }, submit: true });
    await runDisputes(t);
    const won = [
      'dispute.created needs_response false 0',
      'dispute.funds_withdrawn needs_response false 0',
      'dispute.updated needs_response true 0',
      'dispute.updated under_review true 1',
      'dispute.closed won true 1',
      'dispute.funds_reinstated won true 1',
    ];
    expect(await timelineOf(disputeId)).toEqual(won);
    expect(await timelineOf(disputeId, await login(t.app, 'viewer@paydesk.test'))).toEqual(won);

    // An inquiry answered against the merchant becomes a dispute: then its money leaves.
    const inquiry = await disputedPayment(t, 30, INQUIRY_CARD);
    await staff.update(inquiry.disputeId, { evidence: { uncategorized_text: 'losing_evidence' }, submit: true });
    await runDisputes(t);
    expect(await timelineOf(inquiry.disputeId)).toEqual([
      'dispute.created warning_needs_response false 0',
      'dispute.updated warning_under_review true 1',
      'dispute.updated needs_response true 1',
      'dispute.funds_withdrawn needs_response true 1',
    ]);

    expect((await read('/api/backend/disputes/dp_xxxxxxxxxxxxxxxxxxxx/timeline')).statusCode).toBe(404);
    expect((await read('/api/backend/disputes/nope/timeline')).json().message).toMatch(/dispute ids start with dp_/);
    expect((await t.app.inject({ url: `/api/disputes/${disputeId}/timeline`, headers: bearer(t.config.secretKey) })).statusCode).toBe(404);
  });

  it("names the payment's dispute on its details, and null for a payment never disputed", async () => {
    const { transactionId, disputeId } = await disputedPayment(t, 33);
    const details = async (id: string) => transactionDetails.parse((await read(`/api/backend/transaction-details/${id}`)).json().data);
    expect((await details(transactionId)).dispute_id).toBe(disputeId);
    expect((await details(await paidPayment(t, 34))).dispute_id).toBeNull();
  });

  it('sends an evidence file to staff as an attachment of its checked type, nosniff, under its kept name', async () => {
    const pdf = (await staff.upload(evidenceFiles.pdf(), 'reçu (mars).pdf')).json().data;
    const png = (await api.upload(evidenceFiles.png(), 'photo.pdf')).json().data;
    const viewer = await login(t.app, 'viewer@paydesk.test');

    const sent = await read(`/api/backend/files/${pdf.id}`, viewer);
    expect(sent.statusCode).toBe(200);
    expect(sent.rawPayload.equals(evidenceFiles.pdf())).toBe(true);
    expect(sent.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="re_u (mars).pdf"; filename*=UTF-8''re%C3%A7u%20%28mars%29.pdf`,
      'x-content-type-options': 'nosniff',
      'cache-control': 'private, no-store',
    });
    // The type its bytes showed, whatever the name said.
    const image = await read(`/api/backend/files/${png.id}`);
    expect([image.headers['content-type'], image.headers['content-disposition']]).toEqual([
      'image/png',
      `attachment; filename="photo.pdf"; filename*=UTF-8''photo.pdf`,
    ]);

    // A quote or a backslash cannot end the ASCII name early (a multipart upload sends a quote as %22, kept as such).
    expect(attachmentHeader('a"b\\c.pdf')).toBe(`attachment; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%5Cc.pdf`);

    expect((await read('/api/backend/files/file_xxxxxxxxxxxxxxxxxxxx')).statusCode).toBe(404);
    expect((await read('/api/backend/files/nope')).json().message).toMatch(/file ids start with file_/);
    expect((await t.app.inject({ url: `/api/backend/files/${pdf.id}` })).statusCode).toBe(401);
    // The merchant API has no download: its files are its own already.
    expect((await t.app.inject({ url: `/api/files/${pdf.id}`, headers: bearer(t.config.secretKey) })).statusCode).toBe(404);
  });
});
