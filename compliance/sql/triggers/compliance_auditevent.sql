-- The audit events are append-only, as the registers are: no UPDATE or DELETE for any role, no TRUNCATE
-- but under the test suite's maintenance switch (compliance migration 0002).

CREATE OR REPLACE TRIGGER compliance_auditevent_no_update_delete BEFORE DELETE OR UPDATE ON public.compliance_auditevent FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE OR REPLACE TRIGGER compliance_auditevent_no_truncate BEFORE TRUNCATE ON public.compliance_auditevent FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
