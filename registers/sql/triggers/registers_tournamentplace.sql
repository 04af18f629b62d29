-- A tournament's places: append-only like the register's entries (registers migration 0014).

CREATE OR REPLACE TRIGGER registers_tournamentplace_no_update_delete BEFORE DELETE OR UPDATE ON public.registers_tournamentplace FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE OR REPLACE TRIGGER registers_tournamentplace_no_truncate BEFORE TRUNCATE ON public.registers_tournamentplace FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
