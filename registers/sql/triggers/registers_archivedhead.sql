-- Each register's last entry of an archived year, where its chain goes on: append-only (registers migration 0027).

CREATE OR REPLACE TRIGGER registers_archivedhead_no_update_delete BEFORE DELETE OR UPDATE ON public.registers_archivedhead FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE OR REPLACE TRIGGER registers_archivedhead_no_truncate BEFORE TRUNCATE ON public.registers_archivedhead FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
