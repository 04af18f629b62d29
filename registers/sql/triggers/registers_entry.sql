-- The register entries: append-only for every role, and each one continues its register's chain across the
-- partitions (vigie_entry_continues). Row triggers are cloned onto every partition; TRUNCATE's is not: vigie_partition
-- adds it to each.

CREATE OR REPLACE TRIGGER registers_entry_continues BEFORE INSERT ON public.registers_entry FOR EACH ROW EXECUTE FUNCTION vigie_entry_continues();
CREATE OR REPLACE TRIGGER registers_entry_no_update_delete BEFORE DELETE OR UPDATE ON public.registers_entry FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE OR REPLACE TRIGGER registers_entry_no_truncate BEFORE TRUNCATE ON public.registers_entry FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
