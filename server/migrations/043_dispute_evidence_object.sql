-- The evidence of a dispute object (migration 036) built by merging the stored evidence into an
-- object of every field set to null, less any key that is no evidence field, instead of
-- aggregating the 27 names one by one: the same object, about a quarter of the time, which was
-- most of the time a dispute list took beyond the transaction list's (bench/dispute-list.mjs).
-- The fields are disputeEvidenceFields of shared/src/schemas/dispute.ts.
create or replace function dispute_evidence_object(evidence jsonb) returns jsonb
  language sql immutable
  as $$
    select fields || (evidence - array(select k from jsonb_object_keys(evidence) k where not fields ? k))
      from (select '{
      "access_activity_log": null, "billing_address": null, "cancellation_policy_disclosure": null,
      "cancellation_rebuttal": null, "customer_email_address": null, "customer_name": null,
      "customer_purchase_ip": null, "duplicate_charge_explanation": null, "duplicate_charge_id": null,
      "product_description": null, "refund_policy_disclosure": null, "refund_refusal_explanation": null,
      "service_date": null, "shipping_address": null, "shipping_carrier": null, "shipping_date": null,
      "shipping_tracking_number": null, "uncategorized_text": null, "cancellation_policy": null,
      "customer_communication": null, "customer_signature": null, "duplicate_charge_documentation": null,
      "receipt": null, "refund_policy": null, "service_documentation": null, "shipping_documentation": null,
      "uncategorized_file": null
      }'::jsonb as fields) f
  $$;
