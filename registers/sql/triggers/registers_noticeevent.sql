-- The notices a casino posts and withdraws: append-only like the entries, a withdrawal is a new row (registers/notices).

CREATE OR REPLACE TRIGGER registers_noticeevent_no_update_delete BEFORE DELETE OR UPDATE ON public.registers_noticeevent FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE OR REPLACE TRIGGER registers_noticeevent_no_truncate BEFORE TRUNCATE ON public.registers_noticeevent FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
