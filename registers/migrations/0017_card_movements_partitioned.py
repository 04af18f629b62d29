"""Issue 19: the cards' movements partitioned by casino, then by year, as the poker deals are by casino and month
(migration 0012), so that a year's archive can be detached and kept read-only. The table is rebuilt in SQL (Django
does not make partitioned tables): its key and its uniqueness hold the partition columns, so each movement now names
its casino. A year's partition is opened by vigie_movement_partition(casino, day), a SECURITY DEFINER function, with
the refusals every register's table has: no UPDATE, DELETE or TRUNCATE for any role, only SELECT and INSERT for the
application's role; each movement still continues its card's balance (migration 0005's trigger, now on the parent).

vigie_archive(parent, casino, year) detaches a casino's year of movements or deals and keeps it read-only: renamed
« <parent>_archive_c<casino>_<period> », INSERT, UPDATE, DELETE and TRUNCATE refused for every role, SELECT only for
the application's role."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

ROLE = settings.DATABASE_APP_ROLE
TABLE = "registers_cardmovement"

REBUILD = f"""
ALTER TABLE {TABLE} RENAME TO {TABLE}_old;
ALTER TABLE {TABLE}_old RENAME CONSTRAINT {TABLE}_pkey TO {TABLE}_old_pkey;
ALTER TABLE {TABLE}_old RENAME CONSTRAINT cardmovement_one_per_entry TO cardmovement_old_one_per_entry;
ALTER INDEX cardmovement_card_last RENAME TO cardmovement_old_card_last;
ALTER INDEX cardmovement_day RENAME TO cardmovement_old_day;

CREATE SEQUENCE {TABLE}_seq;
SELECT setval('{TABLE}_seq', coalesce((SELECT max(id) FROM {TABLE}_old), 0) + 1, false);
CREATE TABLE {TABLE} (
  id bigint NOT NULL DEFAULT nextval('{TABLE}_seq'),
  entry_id bigint NOT NULL REFERENCES registers_entry (id) DEFERRABLE INITIALLY DEFERRED,
  card_id bigint NOT NULL REFERENCES registers_card (id) DEFERRABLE INITIALLY DEFERRED,
  kind varchar(60) NOT NULL,
  gaming_day date NOT NULL,
  delta numeric(10, 2) NOT NULL,
  balance_after numeric(10, 2) NOT NULL,
  casino_id bigint NOT NULL REFERENCES compliance_casino (id) DEFERRABLE INITIALLY DEFERRED,
  PRIMARY KEY (casino_id, gaming_day, id),
  CONSTRAINT cardmovement_one_per_entry UNIQUE (casino_id, gaming_day, entry_id, card_id)
) PARTITION BY LIST (casino_id);
ALTER SEQUENCE {TABLE}_seq OWNED BY {TABLE}.id;
CREATE INDEX cardmovement_card_last ON {TABLE} (card_id, id DESC);
CREATE INDEX cardmovement_day ON {TABLE} (gaming_day, card_id);
CREATE INDEX cardmovement_entry ON {TABLE} (entry_id);

CREATE FUNCTION vigie_movement_partition(p_casino bigint, p_day date) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  casino_part text := format('{TABLE}_c%s', p_casino);
  first_day date := date_trunc('year', p_day)::date;
  year_part text := format('{TABLE}_c%s_%s', p_casino, to_char(p_day, 'YYYY'));
  part text;
BEGIN
  IF to_regclass(year_part) IS NOT NULL THEN
    RETURN year_part;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('vigie_movement_partition'), p_casino::int);
  IF to_regclass(casino_part) IS NULL THEN
    EXECUTE format('CREATE TABLE %I PARTITION OF {TABLE} FOR VALUES IN (%s) PARTITION BY RANGE (gaming_day)',
                   casino_part, p_casino);
  END IF;
  IF to_regclass(year_part) IS NULL THEN
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', year_part, casino_part,
                   first_day, (first_day + interval '1 year')::date);
  END IF;
  FOREACH part IN ARRAY ARRAY[casino_part, year_part] LOOP
    IF NOT EXISTS (SELECT 1 FROM pg_trigger WHERE tgrelid = to_regclass(part) AND tgname = part || '_no_truncate') THEN
      EXECUTE format('CREATE TRIGGER %I BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate()',
                     part || '_no_truncate', part);
    END IF;
    IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{ROLE}') THEN
      EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE ON %I FROM %I', part, '{ROLE}');
      EXECUTE format('GRANT SELECT, INSERT ON %I TO %I', part, '{ROLE}');
    END IF;
  END LOOP;
  RETURN year_part;
END $$;
REVOKE ALL ON FUNCTION vigie_movement_partition(bigint, date) FROM PUBLIC;

SELECT vigie_movement_partition(c.casino_id, m.gaming_day)
  FROM (SELECT DISTINCT card_id, date_trunc('year', gaming_day)::date AS gaming_day FROM {TABLE}_old) m
  JOIN registers_card c ON c.id = m.card_id;
INSERT INTO {TABLE} (id, entry_id, card_id, kind, gaming_day, delta, balance_after, casino_id)
  SELECT m.id, m.entry_id, m.card_id, m.kind, m.gaming_day, m.delta, m.balance_after, c.casino_id
  FROM {TABLE}_old m JOIN registers_card c ON c.id = m.card_id ORDER BY m.id;
DROP TABLE {TABLE}_old;

CREATE OR REPLACE FUNCTION vigie_card_movement_continues() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE previous numeric;
BEGIN
  SELECT balance_after INTO previous FROM {TABLE}
    WHERE casino_id = NEW.casino_id AND card_id = NEW.card_id ORDER BY id DESC LIMIT 1;
  IF NEW.balance_after <> coalesce(previous, 0) + NEW.delta THEN
    RAISE EXCEPTION 'carte : le mouvement ne prolonge pas le solde (% + % <> %) / card movement breaks the balance',
      coalesce(previous, 0), NEW.delta, NEW.balance_after USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER {TABLE}_continues BEFORE INSERT ON {TABLE}
  FOR EACH ROW EXECUTE FUNCTION vigie_card_movement_continues();
CREATE TRIGGER {TABLE}_no_update_delete BEFORE UPDATE OR DELETE ON {TABLE}
  FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE TRIGGER {TABLE}_no_truncate BEFORE TRUNCATE ON {TABLE}
  FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();

CREATE OR REPLACE FUNCTION vigie_card_balance_is_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE last numeric;
BEGIN
  IF NEW.balance IS DISTINCT FROM OLD.balance THEN
    SELECT balance_after INTO last FROM {TABLE}
      WHERE casino_id = NEW.casino_id AND card_id = NEW.id ORDER BY id DESC LIMIT 1;
    IF NEW.balance <> coalesce(last, 0) THEN
      RAISE EXCEPTION 'carte : le solde % diffère du registre (%) / card balance differs from the ledger',
        NEW.balance, coalesce(last, 0) USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION vigie_card_record(
  p_register bigint, p_label text, p_casino bigint, p_closed_ok boolean, p_kind text, p_day date, p_payload text,
  p_actor bigint, p_actor_name text, p_recorded_at timestamptz, p_recorded_text text,
  p_cards bigint[], p_deltas numeric[], p_after numeric[],
  OUT entry_id bigint, OUT entry_seq bigint, OUT entry_hash text, OUT entry_prev text)
LANGUAGE plpgsql AS $$
BEGIN
  SELECT a.entry_id, a.entry_seq, a.entry_hash, a.entry_prev INTO entry_id, entry_seq, entry_hash, entry_prev
    FROM vigie_entry_append(p_register, p_label, p_casino, p_closed_ok, p_kind, p_day, NULL, NULL, p_payload, p_actor,
                            p_actor_name, NULL, NULL, p_recorded_at, p_recorded_text) a;
  IF entry_id IS NULL THEN
    RETURN;
  END IF;
  IF array_length(p_cards, 1) > 0
     AND to_regclass(format('{TABLE}_c%s_%s', p_casino, to_char(p_day, 'YYYY'))) IS NULL THEN
    PERFORM vigie_movement_partition(p_casino, p_day);
  END IF;
  -- one by one, in order: the trigger checks each movement continues the card's balance
  FOR i IN 1 .. coalesce(array_length(p_cards, 1), 0) LOOP
    INSERT INTO {TABLE} (entry_id, card_id, kind, gaming_day, delta, balance_after, casino_id)
      VALUES (entry_id, p_cards[i], p_kind, p_day, p_deltas[i], p_after[i], p_casino);
    UPDATE registers_card SET balance = p_after[i] WHERE id = p_cards[i];
  END LOOP;
END $$;

CREATE FUNCTION vigie_archive(p_parent text, p_casino bigint, p_year int) RETURNS int
LANGUAGE plpgsql AS $$
DECLARE
  casino_part text := format('%s_c%s', p_parent, p_casino);
  part record;
  fk record;
  archived text;
  done int := 0;
BEGIN
  IF p_parent NOT IN ('{TABLE}', 'registers_pokerhand') THEN
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
    FOR fk IN SELECT conname FROM pg_constraint WHERE conrelid = to_regclass(archived) AND contype = 'f' LOOP
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
REVOKE ALL ON FUNCTION vigie_archive(text, bigint, int) FROM PUBLIC;
"""  # nosec B608  # names from this migration and the settings, run once by the owner


def _privileges(apps, schema_editor):
    schema_editor.execute(f"""DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{ROLE}') THEN
        REVOKE UPDATE, DELETE, TRUNCATE ON {TABLE} FROM "{ROLE}";
        GRANT SELECT, INSERT ON {TABLE} TO "{ROLE}";
        GRANT USAGE, SELECT ON SEQUENCE {TABLE}_seq TO "{ROLE}";
        GRANT EXECUTE ON FUNCTION vigie_movement_partition(bigint, date) TO "{ROLE}";
      END IF; END $$;""", params=None)  # nosec B608  # names from this migration and the settings, run once by the owner


class Migration(migrations.Migration):

    dependencies = [
        ('compliance', '0010_jobrun_kind_reconciliation'),
        ('registers', '0016_entry_append_function'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[migrations.RunSQL(REBUILD), migrations.RunPython(_privileges)],
            state_operations=[
                migrations.AddField(
                    model_name='cardmovement',
                    name='casino',
                    field=models.ForeignKey(default=None, on_delete=django.db.models.deletion.PROTECT,
                                            related_name='+', to='compliance.casino'),
                    preserve_default=False,
                ),
            ],
        ),
    ]
