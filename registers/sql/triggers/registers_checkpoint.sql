-- The signed checkpoints of the chains: append-only (registers migration 0002).

CREATE OR REPLACE TRIGGER registers_checkpoint_no_update_delete BEFORE DELETE OR UPDATE ON public.registers_checkpoint FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE OR REPLACE TRIGGER registers_checkpoint_no_truncate BEFORE TRUNCATE ON public.registers_checkpoint FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
