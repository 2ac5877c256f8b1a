-- The providers' merchant fees the platform starts with (docs/decisions/0019-platform-operator.md):
-- only the figures the research found published (research/psp-apis.md §5.3, PayGate Global:
-- « 2.5% Flooz, 3% T-Money », community documentation, to be confirmed by the contract). The
-- other providers' rates are entered by the operator from their contracts (console « Frais des
-- opérateurs »); until then the accounting finds no rate for them.
INSERT INTO "provider_fee_rates" ("provider", "wallet", "percent_bp", "fixed_xof", "effective_from", "note") VALUES
  ('paygate', 'MOOV_TG', 250, 0, '2020-01-01T00:00:00Z', 'PayGate Global, Moov Flooz : 2,5 % (documentation communautaire de PayGate, non vérifiée ; research/psp-apis.md §5.3)'),
  ('paygate', 'YAS_TG', 300, 0, '2020-01-01T00:00:00Z', 'PayGate Global, Mixx by Yas (T-Money) : 3 % (documentation communautaire de PayGate, non vérifiée ; research/psp-apis.md §5.3)')
ON CONFLICT DO NOTHING;
