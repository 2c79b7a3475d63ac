-- An endpoint URL that holds what must not be shown (query values, a fragment, or a user:password
-- saved before they were refused) is kept whole only sealed, for delivery: AES-256-GCM under
-- WEBHOOK_SECRETS_KEY like the signing secrets, the endpoint id and ':url' as authenticated data.
-- `url` then holds the URL as shown, those parts replaced by '…redacted' (HOOK-07). A URL with
-- nothing to hide stays in `url` alone (url_sealed null).
-- Rows saved before this migration are sealed by the server at start-up (endpoints-service.ts,
-- sealStoredUrls): SQL has not the key. Until then a delivery reads `url` as before.
alter table webhook_endpoints add column url_sealed text;
