-- What the sending jobs kept under metadata.delivery moves to its columns (attempts, error, sent,
-- provider's id, retry time); SMS and e-mails sent before took no delivery report.
UPDATE "outbound_messages" SET
  "attempts" = coalesce(("metadata" -> 'delivery' ->> 'attempts')::int, 0),
  "last_error" = "metadata" -> 'delivery' ->> 'error',
  "sent_at" = ("metadata" -> 'delivery' ->> 'sentAt')::timestamptz,
  "claimed_at" = ("metadata" -> 'delivery' ->> 'claimedAt')::timestamptz,
  "provider_message_id" = "metadata" -> 'delivery' ->> 'providerMessageId',
  "provider" = CASE WHEN "metadata" -> 'delivery' ->> 'providerMessageId' IS NULL THEN NULL
    WHEN "channel" = 'email' THEN 'smtp' ELSE 'gateway' END,
  "next_attempt_at" = coalesce(("metadata" -> 'delivery' ->> 'retryAt')::timestamptz, "created_at"),
  "metadata" = "metadata" - 'delivery'
WHERE "metadata" ? 'delivery' OR "status" = 'queued';
