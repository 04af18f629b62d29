-- The poker room's imports of deals: append-only like the entries (registers migration 0012).

CREATE OR REPLACE TRIGGER registers_handimport_no_update_delete BEFORE DELETE OR UPDATE ON public.registers_handimport FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE OR REPLACE TRIGGER registers_handimport_no_truncate BEFORE TRUNCATE ON public.registers_handimport FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
