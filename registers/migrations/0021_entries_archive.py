"""Issue 19: a casino's closed year of entries archived, as its movements and deals are (migration 0017).

The year's partition of the entries can only leave the table once nothing live refers to it. `vigie_archive_entries`
therefore takes with it every row hanging from those entries (a slip, a session, a report, a reconciliation…) and
every row hanging from those, to a fixed point: each table's rows go to « <table>_archive_c<casino>_<year> », kept
read-only like the year's entries. A year an entry of a later year still refers to (a correction) is refused.

The chains still verify from their first entry: « registers_entry_kept » is the live entries and every archived
year's, and the verification reads it."""

from django.conf import settings
import django.db.models.deletion
from django.db import migrations, models

ROLE = settings.DATABASE_APP_ROLE
PARTITIONED = "('registers_entry'::regclass, 'registers_cardmovement'::regclass, 'registers_pokerhand'::regclass)"

FUNCTIONS = f"""
CREATE VIEW registers_entry_kept AS SELECT * FROM registers_entry;

CREATE FUNCTION vigie_read_only(p_table text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER %I BEFORE INSERT OR UPDATE OR DELETE ON %I FOR EACH ROW '
                 'EXECUTE FUNCTION vigie_refuse_change()', p_table || '_read_only', p_table);
  EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate()',
                 p_table || '_read_only_truncate', p_table);
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{ROLE}') THEN
    EXECUTE format('REVOKE ALL ON %I FROM %I', p_table, '{ROLE}');
    EXECUTE format('GRANT SELECT ON %I TO %I', p_table, '{ROLE}');
  END IF;
END $$;
REVOKE ALL ON FUNCTION vigie_read_only(text) FROM PUBLIC;

CREATE FUNCTION vigie_archive_entries(p_casino bigint, p_year int) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  part text := format('registers_entry_c%s_%s', p_casino, p_year);
  archived text := format('registers_entry_archive_c%s_%s', p_casino, p_year);
  lo bigint := (p_casino << 41) | ((p_year - 1900)::bigint << 33);
  hi bigint := ((p_casino << 41) | ((p_year - 1900)::bigint << 33)) + (1::bigint << 33);
  fk record;
  held record;
  later bigint;
  added bigint;
  n bigint;
  kept text;
BEGIN
  IF to_regclass(part) IS NULL THEN
    RETURN 0;
  END IF;
  SELECT e.seq INTO later FROM registers_entry e
    WHERE e.refers_to_id >= lo AND e.refers_to_id < hi AND (e.id < lo OR e.id >= hi) LIMIT 1;
  IF later IS NOT NULL THEN
    RAISE EXCEPTION 'archive : une écriture d''une autre année (n° %) renvoie à l''année % / an entry of another year '
      'refers to year %', later, p_year, p_year USING ERRCODE = 'foreign_key_violation';
  END IF;
  CREATE TEMP TABLE vigie_held (tbl regclass, id bigint, PRIMARY KEY (tbl, id)) ON COMMIT DROP;
  -- the rows hanging from the year's entries, then from those rows, to a fixed point
  FOR fk IN SELECT c.conrelid::regclass AS tbl, a.attname AS col FROM pg_constraint c
            JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
            WHERE c.contype = 'f' AND c.conparentid = 0 AND c.confrelid = 'registers_entry'::regclass
              AND c.conrelid NOT IN {PARTITIONED} LOOP
    EXECUTE format('INSERT INTO vigie_held SELECT %L::regclass, id FROM %s WHERE %I >= %s AND %I < %s '
                   'ON CONFLICT DO NOTHING', fk.tbl, fk.tbl, fk.col, lo, fk.col, hi);
  END LOOP;
  LOOP
    added := 0;
    FOR fk IN SELECT c.conrelid::regclass AS tbl, a.attname AS col, c.confrelid::regclass AS target
              FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
              WHERE c.contype = 'f' AND c.conparentid = 0 AND c.confrelid IN (SELECT DISTINCT tbl FROM vigie_held) LOOP
      IF fk.tbl IN {PARTITIONED} THEN
        EXECUTE format('SELECT count(*) FROM %s WHERE %I IN (SELECT id FROM vigie_held WHERE tbl = %L::regclass)',
                       fk.tbl, fk.col, fk.target) INTO n;
        IF n > 0 THEN
          RAISE EXCEPTION 'archive : % lignes de % d''une autre période renvoient à l''année % / rows of another '
            'period refer to the year', n, fk.tbl, p_year USING ERRCODE = 'foreign_key_violation';
        END IF;
        CONTINUE;
      END IF;
      EXECUTE format('INSERT INTO vigie_held SELECT %L::regclass, id FROM %s WHERE %I IN '
                     '(SELECT id FROM vigie_held WHERE tbl = %L::regclass) ON CONFLICT DO NOTHING',
                     fk.tbl, fk.tbl, fk.col, fk.target);
      GET DIAGNOSTICS n = ROW_COUNT;
      added := added + n;
    END LOOP;
    EXIT WHEN added = 0;
  END LOOP;
  -- each table's rows copied to its archive, then taken out, its append-only triggers standing aside meanwhile
  -- (the table is locked against every writer until the commit)
  FOR held IN SELECT DISTINCT tbl FROM vigie_held LOOP
    kept := format('%s_archive_c%s_%s', held.tbl, p_casino, p_year);
    EXECUTE format('CREATE TABLE %I AS SELECT * FROM %s WHERE id IN (SELECT id FROM vigie_held WHERE tbl = %L::regclass)',
                   kept, held.tbl, held.tbl);
    PERFORM vigie_read_only(kept);
    EXECUTE format('ALTER TABLE %s DISABLE TRIGGER USER', held.tbl);
    EXECUTE format('DELETE FROM %s WHERE id IN (SELECT id FROM vigie_held WHERE tbl = %L::regclass)', held.tbl,
                   held.tbl);
  END LOOP;
  SET CONSTRAINTS ALL IMMEDIATE;  -- every reference checked now, before the tables change again
  FOR held IN SELECT DISTINCT tbl FROM vigie_held LOOP
    EXECUTE format('ALTER TABLE %s ENABLE TRIGGER USER', held.tbl);
  END LOOP;
  EXECUTE format('ALTER TABLE %I DETACH PARTITION %I', format('registers_entry_c%s', p_casino), part);
  EXECUTE format('ALTER TABLE %I RENAME TO %I', part, archived);
  FOR fk IN SELECT conname FROM pg_constraint WHERE conrelid = to_regclass(archived) AND contype = 'f'
               AND conparentid = 0 LOOP
    EXECUTE format('ALTER TABLE %I DROP CONSTRAINT %I', archived, fk.conname);
  END LOOP;
  PERFORM vigie_read_only(archived);
  SELECT string_agg(format('SELECT * FROM %I', c.relname), ' UNION ALL ' ORDER BY c.relname) INTO kept
    FROM pg_class c WHERE c.relkind = 'r' AND c.relname ~ '^registers_entry_archive_c[0-9]+_[0-9]+$';
  EXECUTE 'CREATE OR REPLACE VIEW registers_entry_kept AS SELECT * FROM registers_entry UNION ALL ' || kept;
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{ROLE}') THEN
    EXECUTE format('GRANT SELECT ON registers_entry_kept TO %I', '{ROLE}');
  END IF;
  RETURN 1;
END $$;
REVOKE ALL ON FUNCTION vigie_archive_entries(bigint, int) FROM PUBLIC;
"""  # nosec B608  # names from this migration and the settings, run once by the owner


def _privileges(apps, schema_editor):
    schema_editor.execute(f"""DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{ROLE}') THEN
        GRANT SELECT ON registers_entry_kept TO "{ROLE}";
      END IF; END $$;""", params=None)  # nosec B608  # names from this migration and the settings, run once by the owner


class Migration(migrations.Migration):

    dependencies = [
        ('registers', '0020_entries_partitioned'),
    ]

    operations = [
        migrations.RunSQL(FUNCTIONS),
        migrations.RunPython(_privileges),
        migrations.CreateModel(
            name='KeptEntry',
            fields=[
                ('id', models.BigIntegerField(primary_key=True, serialize=False)),
                ('seq', models.PositiveBigIntegerField()),
                ('kind', models.CharField(max_length=60)),
                ('gaming_day', models.DateField()),
                ('payload', models.TextField()),
                ('recorded_at', models.DateTimeField()),
                ('prev_hash', models.CharField(max_length=64)),
                ('hash', models.CharField(max_length=64)),
                ('actor_id', models.BigIntegerField()),
                ('countersigner_id', models.BigIntegerField(null=True)),
                ('refers_to_id', models.BigIntegerField(null=True)),
                ('register', models.ForeignKey(db_constraint=False, on_delete=django.db.models.deletion.DO_NOTHING,
                                               related_name='+', to='registers.register')),
            ],
            options={'db_table': 'registers_entry_kept', 'managed': False},
        ),
    ]
