-- The poker deals: append-only like the entries. Row triggers are cloned onto every partition; TRUNCATE's is
-- not: vigie_partition adds it to each.

CREATE OR REPLACE TRIGGER registers_pokerhand_no_update_delete BEFORE DELETE OR UPDATE ON public.registers_pokerhand FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE OR REPLACE TRIGGER registers_pokerhand_no_truncate BEFORE TRUNCATE ON public.registers_pokerhand FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
