"""The register entries keep the indexes that serve a check or a read, not three that did neither once the chain was
checked entry by entry (migration 0020): the unique (register, link) and (hash) of each partition, and the pattern
index Django made for `hash` when it was unique. Each was keyed by a SHA-256, so every entry wrote into a random page
of an index as large as the table (some 400 MB each for a casino-year): most of an entry's cost at that size.

The chain holds as before. `vigie_entry_continues` lets an entry in only as its register's head + 1, linked to the
head's hash; the unique (register, n°) of its partition refuses a second entry with that n° (two writers who read
the same head); a hash is that of its content, n° included, so two entries of a register never share one, nor a
link. Nothing looked an entry up by its hash."""

from django.db import migrations

SQL = r"""
CREATE OR REPLACE FUNCTION vigie_entry_partition_unique(p_part text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  -- within the partition; across partitions, and for the link, vigie_entry_continues
  EXECUTE format('CREATE UNIQUE INDEX IF NOT EXISTS %I ON %I (register_id, seq)', p_part || '_seq', p_part);
END $$;
REVOKE ALL ON FUNCTION vigie_entry_partition_unique(text) FROM PUBLIC;

DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT i.indexrelid::regclass AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
           WHERE i.indrelid IN (SELECT relid FROM pg_partition_tree('registers_entry'))
             AND (c.relname LIKE 'registers\_entry\_%\_link' OR c.relname LIKE 'registers\_entry\_%\_hash')
             AND NOT EXISTS (SELECT 1 FROM pg_inherits WHERE inhrelid = i.indexrelid) LOOP
    EXECUTE format('DROP INDEX %s', r.name);
  END LOOP;
  FOR r IN SELECT i.indexrelid::regclass AS name FROM pg_index i
           WHERE i.indrelid = 'registers_entry'::regclass AND pg_get_indexdef(i.indexrelid) LIKE '%(hash varchar_pattern_ops)%' LOOP
    EXECUTE format('DROP INDEX %s', r.name);
  END LOOP;
END $$;
"""

REVERSE = r"""
DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT relid::regclass::text AS part FROM pg_partition_tree('registers_entry') WHERE isleaf LOOP
    EXECUTE format('CREATE UNIQUE INDEX IF NOT EXISTS %I ON %s (register_id, prev_hash)', r.part || '_link', r.part);
    EXECUTE format('CREATE UNIQUE INDEX IF NOT EXISTS %I ON %s (hash)', r.part || '_hash', r.part);
  END LOOP;
END $$;
CREATE INDEX registers_entry_hash_517ffafb_like ON registers_entry (hash varchar_pattern_ops);
CREATE OR REPLACE FUNCTION vigie_entry_partition_unique(p_part text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  EXECUTE format('CREATE UNIQUE INDEX IF NOT EXISTS %I ON %I (register_id, seq)', p_part || '_seq', p_part);
  EXECUTE format('CREATE UNIQUE INDEX IF NOT EXISTS %I ON %I (register_id, prev_hash)', p_part || '_link', p_part);
  EXECUTE format('CREATE UNIQUE INDEX IF NOT EXISTS %I ON %I (hash)', p_part || '_hash', p_part);
END $$;
"""


class Migration(migrations.Migration):
    dependencies = [("registers", "0022_entry_card_seq_index")]
    operations = [migrations.RunSQL(SQL, REVERSE)]
