import { disputeEvidenceFields } from '@paydesk/shared/schemas/merchant-objects';
import { noEvidence } from '@paydesk/shared/testing/dispute';
import { changedFields, checkChanges, fieldOrder, shownFields, valuesOf } from './evidence-fields';

test('the form orders every evidence field once', () => {
  expect([...fieldOrder].sort()).toEqual([...disputeEvidenceFields].sort());
});

test("shows the reason's suggested fields and those that hold something; every field on request", () => {
  const values = valuesOf({ ...noEvidence(), duplicate_charge_id: 'TXNXXXXXXXXXXXXXX02' });
  const shown = shownFields('product_not_received', values, false);
  expect(shown.texts).toEqual([
    'product_description',
    'customer_name',
    'customer_email_address',
    'shipping_address',
    'shipping_carrier',
    'shipping_tracking_number',
    'shipping_date',
    'duplicate_charge_id',
    'uncategorized_text',
  ]);
  expect(shown.files).toEqual(['receipt', 'customer_communication', 'shipping_documentation', 'uncategorized_file']);
  const all = shownFields('product_not_received', values, true);
  expect(all.texts.length + all.files.length).toBe(disputeEvidenceFields.length);
});

test('sends only what changed, an emptied field as empty, checked by the API’s own rules', () => {
  const saved = valuesOf({ ...noEvidence(), customer_name: 'Ada', receipt: 'file_xxxxxxxxxxxxxxxxxxxx0001' });
  const changes = changedFields(saved, { ...saved, customer_name: ' Ada Lovelace ', receipt: '' });
  expect(changes).toEqual({ customer_name: ' Ada Lovelace ', receipt: '' });
  expect(checkChanges(changes)).toEqual({ ok: true, evidence: { customer_name: 'Ada Lovelace', receipt: '' } });
  expect(checkChanges({ billing_address: 'x'.repeat(20_001) })).toEqual({
    ok: false,
    errors: { billing_address: 'An evidence field is at most 20000 characters' },
  });
});
