-- The checkpoints a verification confirmed, where the next one starts: append-only like the checkpoints.

CREATE OR REPLACE TRIGGER registers_verifiedcheckpoint_no_update_delete BEFORE DELETE OR UPDATE ON public.registers_verifiedcheckpoint FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE OR REPLACE TRIGGER registers_verifiedcheckpoint_no_truncate BEFORE TRUNCATE ON public.registers_verifiedcheckpoint FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
