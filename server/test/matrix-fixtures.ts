import { seal } from '@paydesk/shared/crypto/envelope';
import { cardNumber, cardRow, multipartBody, workbook } from './cards-fixtures';
import { bearer, login, TEST_PASSWORD, type TestApp } from './helper';
import { payerClient } from './payments-client';
import type { Fixtures } from './route-access';
import { beginEnrolment, confirmEnrolment, issueChallenge, twoFactorBox } from '../src/auth/two-factor-service';
import { findUserByEmail } from '../src/users/users-repository';
import { codeFor } from './two-factor-support';
import { roleAccounts } from './identities';
import { addUser, uniqueEmail } from './users-fixtures';
import { addRole } from './permission-identities';
import { publishRemote } from './published-remote';
import { evidenceBody, evidenceFiles, INQUIRY_CARD, runDisputes } from './disputes-fixtures';

/** Real data for the table's requests: a payment, a checkout, a pooled card, fresh users and payments on demand. */
export async function matrixFixtures(t: TestApp): Promise<Fixtures> {
  const payer = payerClient(t.app, t.config);
  const secret = bearer(t.config.secretKey);

  const newCheckout = async (): Promise<string> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: secret,
      payload: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', phone: '+15550101', amount: 20 },
    });
    if (response.statusCode !== 201) throw new Error(`checkout: ${response.body}`);
    return (response.json() as { data: { reference: string } }).data.reference;
  };
  const cardUpload = () => multipartBody(workbook([cardRow(cardNumber('4'))]), 'cards.xlsx');

  const paid = await payer.pay('4242424242424242');
  if (paid.result?.status !== 'completed') throw new Error(`payment: ${paid.response.body}`);

  const admin = bearer(await login(t.app, 'admin@paydesk.test'));
  const upload = await cardUpload();
  const uploaded = await t.app.inject({
    method: 'POST',
    url: '/api/backend/cards/upload',
    headers: { ...admin, 'content-type': upload.contentType },
    payload: upload.payload,
  });
  if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.body}`);
  const [pooled] = await t.db.query<{ id: number }>('select id from pool_cards order by id limit 1');

  const signer = await addUser(t.db, 'viewer');
  const [event] = await t.db.query<{ id: string }>('select id from webhook_events order by created_at limit 1');
  const newEndpoint = async (): Promise<string> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/backend/webhooks/endpoints',
      headers: admin,
      payload: { url: 'https://hooks.example/paydesk', event_types: ['payment.succeeded'] },
    });
    if (response.statusCode !== 201) throw new Error(`endpoint: ${response.body}`);
    return (response.json() as { data: { endpoint: { id: string } } }).data.endpoint.id;
  };
  const newApiKey = async (): Promise<string> => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/backend/api-keys',
      headers: admin,
      payload: { name: 'Matrix', kind: 'secret' },
    });
    if (response.statusCode !== 201) throw new Error(`api key: ${response.body}`);
    return (response.json() as { data: { key: { id: string } } }).data.key.id;
  };
  const newPayment = async (): Promise<string> => {
    const { result, ids } = await payer.pay('4242424242424242');
    if (result?.status !== 'completed') throw new Error(`payment: ${JSON.stringify(result)}`);
    return ids.transactionId;
  };
  const refunded = await t.app.inject({
    method: 'POST',
    url: '/api/refunds',
    headers: secret,
    payload: { transaction_id: paid.ids.transactionId, amount: 1, reason: 'other' },
  });
  if (refunded.statusCode !== 201) throw new Error(`refund: ${refunded.body}`);

  /** An inquiry, opened by the sandbox issuer on a payment of its test card: it moves no money. */
  const newDispute = async (): Promise<string> => {
    const { result, ids } = await payer.pay(INQUIRY_CARD);
    if (result?.status !== 'completed') throw new Error(`payment: ${JSON.stringify(result)}`);
    await runDisputes(t);
    const [row] = await t.db.query<{ id: string }>('select id from disputes where transaction_id = $1', [ids.transactionId]);
    if (!row) throw new Error(`no inquiry opened for ${ids.transactionId}`);
    return row.id;
  };
  const disputeId = await newDispute();
  const evidence = await evidenceBody(evidenceFiles.pdf(), 'matrix.pdf');
  const uploadedFile = await t.app.inject({
    method: 'POST',
    url: '/api/files',
    headers: { ...secret, 'content-type': evidence.contentType },
    payload: evidence.payload,
  });
  if (uploadedFile.statusCode !== 201) throw new Error(`evidence file: ${uploadedFile.body}`);

  // REQUIRE_TWO_FACTOR's first step, for a user without a second factor (the app under test does not require it).
  const enrolmentChallenge = async (): Promise<string> => (await issueChallenge(t.db, (await addUser(t.db, 'viewer')).id, 'enrol')).token;

  // A remote's published folder for the release registry's routes; a fresh version for each call.
  const published = await publishRemote();
  let versions = 0;
  const newVersion = () => `1.0.${(versions += 1)}-matrix`;
  const superAdmin = bearer(await login(t.app, 'superadmin@paydesk.test'));
  const platformCall = async (url: string, payload?: object) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/platform/remotes/mf_reports${url}`, headers: superAdmin, payload });
    if (response.statusCode >= 300) throw new Error(`platform ${url}: ${response.body}`);
  };
  const newRelease = async (): Promise<string> => {
    const version = newVersion();
    await platformCall('/releases', { version, entry: published.url });
    return version;
  };

  // Roles without permissions, which any holder of users.manage may give (PERM-07).
  let roleSerial = 0;
  const roleKey = () => `matrix_${process.pid}_${(roleSerial += 1)}`;
  const emptyRoles = [await addRole(t.db, roleKey(), []), await addRole(t.db, roleKey(), [])] as const;

  return {
    emptyRoles,
    newUnprivileged: () => addUser(t.db, emptyRoles[0]),
    newRole: () => addRole(t.db, roleKey(), []),
    uniqueRoleName: () => `Matrix role ${(roleSerial += 1)}`,
    releaseFolder: published.url,
    newVersion,
    newRelease,
    twoLiveReleases: async () => {
      for (const version of [await newRelease(), await newRelease()]) await platformCall(`/releases/${version}/promote`);
    },
    newDeployToken: async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/platform/deploy-tokens',
        headers: superAdmin,
        payload: { remote: 'mf_reports' },
      });
      return (response.json() as { data: { id: string } }).data.id;
    },
    transactionId: paid.ids.transactionId,
    checkoutReference: await newCheckout(),
    poolCardId: Number(pooled!.id),
    newViewer: () => addUser(t.db, 'viewer'),
    uniqueEmail: () => uniqueEmail('matrix'),
    cardUpload,
    sealedPayment: async () => {
      const card = '4242424242424242';
      const init = await payer.initialize(card);
      const ids = (init.json() as { data: { transactionId: string; orderId: string } }).data;
      return seal(payer.payload(ids, card), payer.keys);
    },
    challenge: async (kind) => {
      const { result, ids } = await payer.pay(kind === 'demo' ? '4000002760003184' : '4000000000003220');
      if (result?.status !== 'pending_3d') throw new Error(`challenge: ${JSON.stringify(result)}`);
      return ids.transactionId;
    },
    newCheckout,
    newEndpoint,
    newApiKey,
    eventId: event!.id,
    newPayment,
    refundId: (refunded.json() as { data: { id: string } }).data.id,
    disputeId,
    newDispute,
    fileId: (uploadedFile.json() as { data: { id: string } }).data.id,
    evidenceUpload: () => evidenceBody(evidenceFiles.pdf(), 'matrix.pdf'),
    signIn: { email: signer.email, password: TEST_PASSWORD },
    // Straight through the service, without the password's argon2 check: the hostile-input test asks for one per input.
    twoFactorSignIn: async () => {
      const user = await addUser(t.db, 'viewer');
      const box = twoFactorBox(t.config);
      const { secret } = await beginEnrolment(t.db, box, user);
      if (!(await confirmEnrolment(t.db, box, user.id, codeFor(secret), { actor: null, clientIp: null, userAgent: null })))
        throw new Error('enrolment refused its code');
      return { challenge: (await issueChallenge(t.db, user.id, 'verify')).token, code: codeFor(secret, 1) };
    },
    enrolmentChallenge,
    enrolmentToConfirm: async () => {
      const challenge = await enrolmentChallenge();
      const setup = await t.app.inject({ method: 'POST', url: '/api/auth/login/two-factor/setup', payload: { challenge } });
      if (setup.statusCode !== 200) throw new Error(`enrolment setup: ${setup.body}`);
      return { challenge, code: codeFor((setup.json() as { data: { secret: string } }).data.secret) };
    },
    pendingEnrolments: async () => {
      const box = twoFactorBox(t.config);
      for (const email of Object.values(roleAccounts)) {
        const user = await findUserByEmail(t.db, email);
        if (!user) throw new Error(`no account ${email}`);
        await beginEnrolment(t.db, box, user);
      }
    },
  };
}
