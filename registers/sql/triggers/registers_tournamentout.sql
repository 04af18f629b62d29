-- A tournament's players out: append-only like the register's entries (registers migration 0014).

CREATE OR REPLACE TRIGGER registers_tournamentout_no_update_delete BEFORE DELETE OR UPDATE ON public.registers_tournamentout FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE OR REPLACE TRIGGER registers_tournamentout_no_truncate BEFORE TRUNCATE ON public.registers_tournamentout FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
