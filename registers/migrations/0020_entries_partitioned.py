"""Issue 19: the registers' entries partitioned by casino, then by year of their gaming day, as the cards' movements
are (migration 0017), so that a casino's year can be detached and kept read-only.

About twenty tables refer to an entry by its id, and a partitioned table can only be referred to through a unique key
holding its partition key: the partition key is therefore the id itself. An entry's id is allocated by
vigie_entry_id(casino, day): the casino in its high bits, the year (from 1900) below, then a number of one sequence
(casino << 41 | (year - 1900) << 33 | n: years 1900 to 2155, 2^33 numbers). Entries written before this migration keep their ids, below 2^41, in
« registers_entry_legacy ».

The register's n° and its link to the entry before were unique over the whole table. A unique index can only hold
within a partition now: each year's partition has its own, and a trigger checks under the register's lock (taken by
every writer) that each new entry continues its register's head, whichever partition holds it, and that its id names
its register's casino and its gaming day's year."""

from django.conf import settings
from django.db import migrations, models

ROLE = settings.DATABASE_APP_ROLE
TABLE = "registers_entry"
LEGACY_END = 1 << 41

PARTITIONING = f"""
CREATE FUNCTION vigie_entry_partition_protect(p_part text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = to_regclass(p_part) AND tgname = p_part || '_no_truncate') THEN
    EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate()',
                   p_part || '_no_truncate', p_part);
  END IF;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{ROLE}') THEN
    EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE ON %I FROM %I', p_part, '{ROLE}');
    EXECUTE format('GRANT SELECT, INSERT ON %I TO %I', p_part, '{ROLE}');
  END IF;
END $$;
REVOKE ALL ON FUNCTION vigie_entry_partition_protect(text) FROM PUBLIC;

CREATE FUNCTION vigie_entry_partition_unique(p_part text) RETURNS void
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  -- within the partition, as the table's constraints held; across partitions, vigie_entry_continues
  EXECUTE format('CREATE UNIQUE INDEX IF NOT EXISTS %I ON %I (register_id, seq)', p_part || '_seq', p_part);
  EXECUTE format('CREATE UNIQUE INDEX IF NOT EXISTS %I ON %I (register_id, prev_hash)', p_part || '_link', p_part);
  EXECUTE format('CREATE UNIQUE INDEX IF NOT EXISTS %I ON %I (hash)', p_part || '_hash', p_part);
END $$;
REVOKE ALL ON FUNCTION vigie_entry_partition_unique(text) FROM PUBLIC;

CREATE FUNCTION vigie_entry_partition(p_casino bigint, p_day date) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  casino_part text := format('{TABLE}_c%s', p_casino);
  year_part text := format('{TABLE}_c%s_%s', p_casino, to_char(p_day, 'YYYY'));
  first bigint := (p_casino << 41) | ((extract(year FROM p_day)::bigint - 1900) << 33);
BEGIN
  IF to_regclass(year_part) IS NOT NULL THEN
    RETURN year_part;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('vigie_entry_partition'), p_casino::int);
  -- made apart, then attached: ATTACH locks its parent in SHARE UPDATE EXCLUSIVE mode, so the entries stay readable
  -- and writable in every other transaction (CREATE TABLE ... PARTITION OF would lock them out until the commit)
  IF to_regclass(casino_part) IS NULL THEN
    EXECUTE format('CREATE TABLE %I (LIKE {TABLE} INCLUDING CONSTRAINTS) PARTITION BY RANGE (id)', casino_part);
    EXECUTE format('ALTER TABLE {TABLE} ATTACH PARTITION %I FOR VALUES FROM (%s) TO (%s)',
                   casino_part, p_casino << 41, (p_casino + 1) << 41);
    PERFORM vigie_entry_partition_protect(casino_part);
  END IF;
  IF to_regclass(year_part) IS NULL THEN
    EXECUTE format('CREATE TABLE %I (LIKE {TABLE} INCLUDING CONSTRAINTS)', year_part);
    PERFORM vigie_entry_partition_unique(year_part);
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%s) TO (%s)', casino_part, year_part,
                   first, first + (1::bigint << 33));
    PERFORM vigie_entry_partition_protect(year_part);
  END IF;
  RETURN year_part;
END $$;
REVOKE ALL ON FUNCTION vigie_entry_partition(bigint, date) FROM PUBLIC;

CREATE FUNCTION vigie_entry_id(p_casino bigint, p_day date) RETURNS bigint
LANGUAGE plpgsql AS $$
DECLARE years bigint := extract(year FROM p_day)::bigint - 1900;
BEGIN
  IF years < 0 OR years > 255 THEN
    RAISE EXCEPTION 'écriture : journée de jeu % hors des années 1900 à 2155 / gaming day outside 1900-2155', p_day
      USING ERRCODE = 'check_violation';
  END IF;
  IF to_regclass(format('{TABLE}_c%s_%s', p_casino, to_char(p_day, 'YYYY'))) IS NULL THEN
    PERFORM vigie_entry_partition(p_casino, p_day);
  END IF;
  RETURN (p_casino << 41) | (years << 33) | nextval('{TABLE}_n');
END $$;

CREATE FUNCTION vigie_entry_continues() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  casino bigint := NEW.id >> 41;
  owner bigint;
  head_seq bigint;
  head_hash text;
BEGIN
  SELECT casino_id INTO owner FROM registers_register WHERE id = NEW.register_id;
  IF owner IS DISTINCT FROM casino
     OR (NEW.id >> 33) & 255 <> extract(year FROM NEW.gaming_day)::bigint - 1900 THEN
    RAISE EXCEPTION 'écriture : l''identifiant % ne nomme pas le casino % et l''année du % / the entry''s id does not '
      'name its casino and year', NEW.id, owner, NEW.gaming_day USING ERRCODE = 'check_violation';
  END IF;
  SELECT seq, hash INTO head_seq, head_hash FROM {TABLE}
    WHERE register_id = NEW.register_id AND (id < {LEGACY_END} OR (id >= casino << 41 AND id < (casino + 1) << 41))
    ORDER BY seq DESC LIMIT 1;
  IF NEW.seq <> coalesce(head_seq, 0) + 1 OR NEW.prev_hash <> coalesce(head_hash, repeat('0', 64)) THEN
    RAISE EXCEPTION 'écriture : le n° % ne prolonge pas la chaîne du registre % (dernier n° %) / the entry does not '
      'continue its register''s chain', NEW.seq, NEW.register_id, coalesce(head_seq, 0)
      USING ERRCODE = 'unique_violation';
  END IF;
  RETURN NEW;
END $$;
"""  # nosec B608  # names from this migration and the settings, run once by the owner

REBUILD = f"""
CREATE TEMP TABLE vigie_refs ON COMMIT DROP AS
  SELECT conrelid::regclass::text AS tbl, conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
  WHERE confrelid = '{TABLE}'::regclass AND contype = 'f' AND conparentid = 0 AND conrelid <> '{TABLE}'::regclass;
CREATE TEMP TABLE vigie_own ON COMMIT DROP AS
  SELECT conname, pg_get_constraintdef(oid) AS def FROM pg_constraint
  WHERE conrelid = '{TABLE}'::regclass AND contype IN ('c', 'f');
CREATE TEMP TABLE vigie_indexes ON COMMIT DROP AS
  SELECT pg_get_indexdef(indexrelid) AS def FROM pg_index WHERE indrelid = '{TABLE}'::regclass AND NOT indisunique;
DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT * FROM vigie_refs LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I', r.tbl, r.conname);
  END LOOP;
END $$;

ALTER TABLE {TABLE} RENAME TO {TABLE}_old;
ALTER TABLE {TABLE}_old RENAME CONSTRAINT {TABLE}_pkey TO {TABLE}_old_pkey;
CREATE TABLE {TABLE} (LIKE {TABLE}_old, CONSTRAINT {TABLE}_pkey PRIMARY KEY (id)) PARTITION BY RANGE (id);
CREATE SEQUENCE {TABLE}_n MAXVALUE {(1 << 33) - 1};
CREATE TABLE {TABLE}_legacy PARTITION OF {TABLE} FOR VALUES FROM (MINVALUE) TO ({LEGACY_END});
INSERT INTO {TABLE} SELECT * FROM {TABLE}_old ORDER BY id;
DROP TABLE {TABLE}_old;
{PARTITIONING}
SELECT vigie_entry_partition_unique('{TABLE}_legacy');
SELECT vigie_entry_partition_protect('{TABLE}_legacy');

DO $$ DECLARE r record; BEGIN
  FOR r IN SELECT * FROM vigie_own LOOP
    EXECUTE format('ALTER TABLE {TABLE} ADD CONSTRAINT %I %s', r.conname, r.def);
  END LOOP;
  FOR r IN SELECT * FROM vigie_indexes LOOP
    EXECUTE r.def;
  END LOOP;
  FOR r IN SELECT * FROM vigie_refs LOOP
    EXECUTE format('ALTER TABLE %s ADD CONSTRAINT %I %s', r.tbl, r.conname, r.def);
  END LOOP;
END $$;

CREATE TRIGGER {TABLE}_continues BEFORE INSERT ON {TABLE} FOR EACH ROW EXECUTE FUNCTION vigie_entry_continues();
CREATE TRIGGER {TABLE}_no_update_delete BEFORE UPDATE OR DELETE ON {TABLE}
  FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE TRIGGER {TABLE}_no_truncate BEFORE TRUNCATE ON {TABLE}
  FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();

CREATE OR REPLACE FUNCTION vigie_entry_append(
  p_register bigint, p_label text, p_casino bigint, p_closed_ok boolean, p_kind text, p_day date,
  p_refers_to bigint, p_refers_seq bigint, p_payload text, p_actor bigint, p_actor_name text,
  p_countersigner bigint, p_countersigner_name text, p_recorded_at timestamptz, p_recorded_text text,
  OUT entry_id bigint, OUT entry_seq bigint, OUT entry_hash text, OUT entry_prev text)
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM registers_register WHERE id = p_register FOR UPDATE;
  IF NOT p_closed_ok AND EXISTS (SELECT 1 FROM registers_gamingsession
                                 WHERE casino_id = p_casino AND gaming_day = p_day) THEN
    RETURN;  -- nothing written: the caller says the day is closed
  END IF;
  SELECT seq, hash INTO entry_seq, entry_prev FROM {TABLE}
    WHERE register_id = p_register AND (id < {LEGACY_END} OR (id >= p_casino << 41 AND id < (p_casino + 1) << 41))
    ORDER BY seq DESC LIMIT 1;
  entry_seq := coalesce(entry_seq, 0) + 1;
  entry_prev := coalesce(entry_prev, repeat('0', 64));
  entry_hash := encode(sha256(convert_to(
    '[' || to_json(p_label)::text || ',' || entry_seq::text || ',' || to_json(entry_prev)::text || ','
    || to_json(p_kind)::text || ',' || to_json(to_char(p_day, 'YYYY-MM-DD'))::text || ','
    || coalesce(p_refers_seq::text, 'null') || ',' || to_json(p_payload)::text || ','
    || to_json(p_actor_name)::text || ',' || coalesce(to_json(p_countersigner_name)::text, 'null') || ','
    || to_json(p_recorded_text)::text || ']', 'UTF8')), 'hex');
  entry_id := vigie_entry_id(p_casino, p_day);
  INSERT INTO {TABLE} (id, register_id, seq, kind, gaming_day, refers_to_id, payload, actor_id,
                       countersigner_id, recorded_at, prev_hash, hash)
    VALUES (entry_id, p_register, entry_seq, p_kind, p_day, p_refers_to, p_payload, p_actor, p_countersigner,
            p_recorded_at, entry_prev, entry_hash);
END $$;

-- A query of a partitioned table planned afresh at each call costs some 0.2 ms: ten times the insert it checks. These
-- functions and triggers run on every entry and movement, with keys the same plan serves, so they keep one plan
-- (a CREATE OR REPLACE of one of them must say it again).
DO $$ DECLARE f regprocedure; BEGIN
  FOR f IN SELECT oid::regprocedure FROM pg_proc
           WHERE proname IN ('vigie_entry_append', 'vigie_entry_continues', 'vigie_card_record', 'vigie_card_play',
                             'vigie_slot_play', 'vigie_card_movement_continues', 'vigie_card_balance_is_ledger') LOOP
    EXECUTE format('ALTER FUNCTION %s SET plan_cache_mode = force_generic_plan', f);
  END LOOP;
END $$;
"""  # nosec B608  # names from this migration and the settings, run once by the owner


# migration 0017's, dropping only a detached partition's own foreign keys: those to the entries' partitions are
# inherited from them now that the entries are partitioned
ARCHIVE = f"""
CREATE OR REPLACE FUNCTION vigie_archive(p_parent text, p_casino bigint, p_year int) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  casino_part text := format('%s_c%s', p_parent, p_casino);
  part record;
  fk record;
  archived text;
  done int := 0;
BEGIN
  IF p_parent NOT IN ('registers_cardmovement', 'registers_pokerhand') THEN
    RAISE EXCEPTION 'archive : % n''est pas une table partitionnée des registres / not a partitioned register table',
      p_parent;
  END IF;
  FOR part IN SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
              WHERE i.inhparent = to_regclass(casino_part) AND c.relname LIKE format('%s\\_%s%%', casino_part, p_year)
              ORDER BY c.relname LOOP
    archived := replace(part.relname, p_parent || '_c', p_parent || '_archive_c');
    EXECUTE format('ALTER TABLE %I DETACH PARTITION %I', casino_part, part.relname);
    EXECUTE format('ALTER TABLE %I RENAME TO %I', part.relname, archived);
    -- frozen as it was when detached: its references are not followed any more (the live tables stay free)
    FOR fk IN SELECT conname FROM pg_constraint WHERE conrelid = to_regclass(archived) AND contype = 'f'
                 AND conparentid = 0 LOOP
      EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', archived, fk.conname);
    END LOOP;
    EXECUTE format('CREATE TRIGGER %I BEFORE INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW '
                   'EXECUTE FUNCTION vigie_refuse_change()', archived || '_read_only', archived);
    IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = to_regclass(archived) AND tgname LIKE '%_no_truncate') THEN
      EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate()',
                     archived || '_no_truncate', archived);
    END IF;
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{ROLE}') THEN
      EXECUTE format('REVOKE ALL ON %I FROM %I', archived, '{ROLE}');
      EXECUTE format('GRANT SELECT ON %I TO %I', archived, '{ROLE}');
    END IF;
    done := done + 1;
  END LOOP;
  RETURN done;
END $$;
"""  # nosec B608  # names from this migration and the settings, run once by the owner


def _privileges(apps, schema_editor):
    schema_editor.execute(f"""DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{ROLE}') THEN
        REVOKE UPDATE, DELETE, TRUNCATE ON {TABLE} FROM "{ROLE}";
        GRANT SELECT, INSERT ON {TABLE} TO "{ROLE}";
        GRANT USAGE ON SEQUENCE {TABLE}_n TO "{ROLE}";
        GRANT EXECUTE ON FUNCTION vigie_entry_partition(bigint, date) TO "{ROLE}";
      END IF; END $$;""", params=None)  # nosec B608  # names from this migration and the settings, run once by the owner


class Migration(migrations.Migration):

    dependencies = [
        ('registers', '0019_card_play_function'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.RunSQL(REBUILD), migrations.RunSQL(ARCHIVE), migrations.RunPython(_privileges)],
            state_operations=[
                migrations.RemoveConstraint(model_name='entry', name='entry_gapless_seq'),
                migrations.RemoveConstraint(model_name='entry', name='entry_one_chain'),
                migrations.AlterField(model_name='entry', name='hash', field=models.CharField(max_length=64)),
            ],
        ),
    ]
