-- The card ledger: append-only, each movement continuing its card's balance (vigie_card_movement_continues).
-- Row triggers are cloned onto every partition; TRUNCATE's is not: vigie_partition adds it to each.

CREATE OR REPLACE TRIGGER registers_cardmovement_continues BEFORE INSERT ON public.registers_cardmovement FOR EACH ROW EXECUTE FUNCTION vigie_card_movement_continues();
CREATE OR REPLACE TRIGGER registers_cardmovement_no_update_delete BEFORE DELETE OR UPDATE ON public.registers_cardmovement FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE OR REPLACE TRIGGER registers_cardmovement_no_truncate BEFORE TRUNCATE ON public.registers_cardmovement FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
