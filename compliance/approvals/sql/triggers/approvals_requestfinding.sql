-- A request's findings are its file's evidence: append-only like the registers' entries (approvals migration 0002).

CREATE OR REPLACE TRIGGER approvals_requestfinding_no_update_delete BEFORE DELETE OR UPDATE ON public.approvals_requestfinding FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE OR REPLACE TRIGGER approvals_requestfinding_no_truncate BEFORE TRUNCATE ON public.approvals_requestfinding FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
