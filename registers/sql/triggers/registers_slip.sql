-- The tables' slips the carnets spéciaux record (LU RGD 1979 art. 97-1): append-only like the entries.

CREATE OR REPLACE TRIGGER registers_slip_no_update_delete BEFORE DELETE OR UPDATE ON public.registers_slip FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE OR REPLACE TRIGGER registers_slip_no_truncate BEFORE TRUNCATE ON public.registers_slip FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
