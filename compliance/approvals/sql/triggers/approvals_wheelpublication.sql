-- A wheel's publication is evidence of what the public saw and when (QC RJC art. 120): append-only, like the
-- request's steps (approvals migration 0004).

CREATE OR REPLACE TRIGGER approvals_wheelpublication_no_update_delete BEFORE DELETE OR UPDATE ON public.approvals_wheelpublication FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE OR REPLACE TRIGGER approvals_wheelpublication_no_truncate BEFORE TRUNCATE ON public.approvals_wheelpublication FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
