-- A tournament's chip races: append-only like the register's entries (registers migration 0014).

CREATE OR REPLACE TRIGGER registers_chiprace_no_update_delete BEFORE DELETE OR UPDATE ON public.registers_chiprace FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE OR REPLACE TRIGGER registers_chiprace_no_truncate BEFORE TRUNCATE ON public.registers_chiprace FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
