-- A card's fixed terms and its balance held by PostgreSQL: its cap, kind, client, casino, number and slot never
-- change after issue (vigie_card_frozen), and its balance only becomes that of its ledger (vigie_card_balance_is_ledger).

CREATE OR REPLACE TRIGGER registers_card_balance_is_ledger BEFORE UPDATE ON public.registers_card FOR EACH ROW EXECUTE FUNCTION vigie_card_balance_is_ledger();
CREATE OR REPLACE TRIGGER registers_card_frozen BEFORE UPDATE ON public.registers_card FOR EACH ROW EXECUTE FUNCTION vigie_card_frozen();
