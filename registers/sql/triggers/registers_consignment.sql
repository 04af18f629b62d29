-- The poker room's consigned bets: append-only like the entries (registers migration 0012).

CREATE OR REPLACE TRIGGER registers_consignment_no_update_delete BEFORE DELETE OR UPDATE ON public.registers_consignment FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE OR REPLACE TRIGGER registers_consignment_no_truncate BEFORE TRUNCATE ON public.registers_consignment FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
