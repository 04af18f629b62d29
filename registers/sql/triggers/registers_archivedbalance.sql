-- Each card's last movement of an archived year, where its balance goes on: append-only (registers migration
-- 0027).

CREATE OR REPLACE TRIGGER registers_archivedbalance_no_update_delete BEFORE DELETE OR UPDATE ON public.registers_archivedbalance FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE OR REPLACE TRIGGER registers_archivedbalance_no_truncate BEFORE TRUNCATE ON public.registers_archivedbalance FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
