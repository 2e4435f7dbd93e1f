-- One card dialog submit at a time per salon (issue 56, decision 083): a submit takes this lease before it calls
-- Stripe and gives it back after; two windows submitting at once would otherwise start two subscriptions.
alter table salon_subscriptions add column changing_until timestamptz;
