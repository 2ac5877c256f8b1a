-- Écolage on Citus (distributed PostgreSQL), sharded by school (organization_id).
--
-- Usage, once, on the coordinator, on a database migrated by `npm run db:migrate` (the
-- application's migrations run before this file, and later migrations run on the coordinator,
-- which propagates them to the shards):
--
--   CREATE EXTENSION citus;                               -- coordinator and every worker
--   SELECT citus_set_coordinator_host('<coordinator>', 5432);
--   SELECT citus_add_node('<worker>', 5432);              -- for each worker
--   psql "$DATABASE_DIRECT_URL" -v ON_ERROR_STOP=1 -f deploy/citus/distribute.sql
--
-- The coordinator must be in the metadata (citus_set_coordinator_host): the coordinator-only
-- tables keep their foreign keys to reference tables only then.
--
-- Every table of the `public` schema appears exactly once below; the server's test
-- src/db-schema.distribution.int.test.ts checks that against the migrated schema (placement,
-- keys that lead with the school, foreign keys Citus accepts, order of creation). The placement
-- of each table, and why, is the `placements` list of that test. pg-boss's schema and drizzle's
-- migration journal stay plain PostgreSQL tables on the coordinator.
--
-- Not run against a Citus cluster in this repository's CI (no Citus there): the test proves the
-- schema's shape; before a real deployment, also check the worker's cross-school reads of
-- distributed tables (the payment poller, the reminders' dispatcher, a provider's callback found
-- by its reference), which Citus runs on every shard.

BEGIN;
-- Foreign keys to reference tables are created in this same transaction.
SET LOCAL citus.multi_shard_modify_mode TO 'sequential';

-- Reference tables: copied to every node. Referenced ones first.
SELECT create_reference_table('organizations');
SELECT create_reference_table('contact_messages');
SELECT create_reference_table('users');
SELECT create_reference_table('invitations');
SELECT create_reference_table('merchant_accounts');
SELECT create_reference_table('newsletter_subscriptions');
SELECT create_reference_table('password_resets');
SELECT create_reference_table('payment_link_ids');
SELECT create_reference_table('provider_fee_rates');
SELECT create_reference_table('school_slug_redirects');
SELECT create_reference_table('short_link_codes');
SELECT create_reference_table('test_clock');
SELECT create_reference_table('visit_salts');

-- Coordinator-only tables (queues and journals of the platform; see the header).
SELECT citus_add_local_table_to_metadata('audit_entries');
SELECT citus_add_local_table_to_metadata('login_throttles');
SELECT citus_add_local_table_to_metadata('message_delivery_reports');
SELECT citus_add_local_table_to_metadata('outbound_messages');
SELECT citus_add_local_table_to_metadata('outbox_events');
SELECT citus_add_local_table_to_metadata('outbox_deliveries');
SELECT citus_add_local_table_to_metadata('provider_events');
SELECT citus_add_local_table_to_metadata('payment_reviews');
SELECT citus_add_local_table_to_metadata('refresh_tokens');
SELECT citus_add_local_table_to_metadata('rate_budgets');

-- A school's tables: sharded by organization_id, all co-located with programmes (a school's rows
-- of every table live on one node, so its joins and foreign keys stay on that node).
SELECT create_distributed_table('programmes', 'organization_id');
SELECT create_distributed_table('academic_years', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('account_mappings', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('accounting_chart_settings', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('admission_settings', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('campaigns', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('levels', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('students', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('admissions', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('billing_settings', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('short_links', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('campaign_links', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('campaign_sendings', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('cash_sessions', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('collection_facts', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('collection_months', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('collection_months_by_age', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('collection_months_by_programme', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('coupons', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('guardians', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('enrolments', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('invoices', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('invoice_lines', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('coupon_redemptions', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('family_credit_movements', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('payment_attempts', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('incoming_credits', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('invoice_allocations', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('invoice_number_counters', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('journal_exports', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('kyc_documents', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('ledger_transactions', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('ledger_entries', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('ledger_entry_numbers', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('ledger_journal_counters', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('ledger_period_closures', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('marketing_subscribers', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('roles', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('memberships', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('member_notification_preferences', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('message_opt_outs', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('notification_settings', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('page_visit_days', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('page_visits', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('payer_codes', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('payment_attempt_invoices', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('payment_idempotency_keys', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('payment_links', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('payment_link_attempts', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('payment_refunds', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('payouts', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('payment_settlements', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('payment_transitions', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('payout_counters', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('payout_settings', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('provider_statements', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('receipt_counters', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('receipts', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('receivable_days', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('reconciliation_items', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('scholarships', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('school_plan_terms', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('settlement_day_totals', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('settlement_volumes', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('staff_notifications', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('statement_lines', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('statistics_refresh_state', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('student_guardians', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('student_imports', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('student_numbering', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('student_status_changes', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('visit_payments', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('workflows', 'organization_id', colocate_with => 'programmes');
SELECT create_distributed_table('workflow_sends', 'organization_id', colocate_with => 'programmes');

COMMIT;
