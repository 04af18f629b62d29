-- A request's steps are its file's evidence: append-only like the registers' entries (approvals migration 0002).

CREATE OR REPLACE TRIGGER approvals_requeststep_no_update_delete BEFORE DELETE OR UPDATE ON public.approvals_requeststep FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE OR REPLACE TRIGGER approvals_requeststep_no_truncate BEFORE TRUNCATE ON public.approvals_requeststep FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
