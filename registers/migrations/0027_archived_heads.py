"""Issue 19: a register and a card go on after their casino's year is archived. The live entries and movements no
longer hold that year, so the chain's head and a card's balance are also read from what the archive kept of them:
each register's last entry of the year (`ArchivedHead`) and each card's last movement (`ArchivedBalance`), written
by `year_archive`. The head is the later of the live one and the archived one (an entry filed late for the archived
year may have followed the new year's first entries), so is a card's balance. Both tables are append-only and only
read by the application's role. A day of an archived year is refused from then on: its partition is gone."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

ROLE = settings.DATABASE_APP_ROLE
LEGACY_END = 1 << 41
TABLES = ("registers_archivedhead", "registers_archivedbalance")
# 0026's setting of plan_cache_mode, on the database or on each function: CREATE OR REPLACE takes it off the functions
PLANS = "SELECT vigie_generic_plans(true);"

PROTECT = "".join(f"""
CREATE TRIGGER {table}_no_update_delete BEFORE UPDATE OR DELETE ON {table}
  FOR EACH ROW EXECUTE FUNCTION vigie_refuse_change();
CREATE TRIGGER {table}_no_truncate BEFORE TRUNCATE ON {table}
  FOR EACH STATEMENT EXECUTE FUNCTION vigie_refuse_truncate();
""" for table in TABLES) + f"""
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{ROLE}') THEN
    REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON {", ".join(TABLES)} FROM "{ROLE}";
  END IF; END $$;
"""  # nosec B608  # names from this migration and the settings, run once by the owner


def _functions(archived: bool) -> str:
    """The four checks and writes that read a head or a balance; with `archived`, the archive's too."""
    entry_head = ("""
  SELECT a.seq, a.hash INTO archived_seq, archived_hash FROM registers_archivedhead a
    WHERE a.register_id = {register} AND a.seq > coalesce({seq}, 0) ORDER BY a.seq DESC LIMIT 1;
  IF archived_seq IS NOT NULL THEN
    {seq} := archived_seq;
    {hash} := archived_hash;
  END IF;""" if archived else "")
    balance = ("""
  SELECT a.balance_after INTO archived_balance FROM registers_archivedbalance a
    WHERE a.card_id = {card} AND a.movement_id > coalesce(last_id, 0) ORDER BY a.movement_id DESC LIMIT 1;
  IF archived_balance IS NOT NULL THEN
    {balance} := archived_balance;
  END IF;""" if archived else "")
    refused = ("""
  IF to_regclass(format('registers_entry_archive_c%s_%s', p_casino, to_char(p_day, 'YYYY'))) IS NOT NULL THEN
    RAISE EXCEPTION 'écriture : l''année % du casino % est archivée, en lecture seule / the casino''s year is '
      'archived, read-only', to_char(p_day, 'YYYY'), p_casino USING ERRCODE = 'check_violation';
  END IF;""" if archived else "")
    return f"""
CREATE OR REPLACE FUNCTION vigie_entry_append(
  p_register bigint, p_label text, p_casino bigint, p_closed_ok boolean, p_kind text, p_day date,
  p_refers_to bigint, p_refers_seq bigint, p_payload text, p_actor bigint, p_actor_name text,
  p_countersigner bigint, p_countersigner_name text, p_recorded_at timestamptz, p_recorded_text text,
  OUT entry_id bigint, OUT entry_seq bigint, OUT entry_hash text, OUT entry_prev text)
LANGUAGE plpgsql AS $$
DECLARE
  archived_seq bigint;
  archived_hash text;
BEGIN
  PERFORM 1 FROM registers_register WHERE id = p_register FOR UPDATE;
  IF NOT p_closed_ok AND EXISTS (SELECT 1 FROM registers_gamingsession
                                 WHERE casino_id = p_casino AND gaming_day = p_day) THEN
    RETURN;  -- nothing written: the caller says the day is closed
  END IF;
  SELECT seq, hash INTO entry_seq, entry_prev FROM registers_entry
    WHERE register_id = p_register AND (id < {LEGACY_END} OR (id >= p_casino << 41 AND id < (p_casino + 1) << 41))
    ORDER BY seq DESC LIMIT 1;{entry_head.format(register="p_register", seq="entry_seq", hash="entry_prev")}
  entry_seq := coalesce(entry_seq, 0) + 1;
  entry_prev := coalesce(entry_prev, repeat('0', 64));
  entry_hash := encode(sha256(convert_to(
    '[' || to_json(p_label)::text || ',' || entry_seq::text || ',' || to_json(entry_prev)::text || ','
    || to_json(p_kind)::text || ',' || to_json(to_char(p_day, 'YYYY-MM-DD'))::text || ','
    || coalesce(p_refers_seq::text, 'null') || ',' || to_json(p_payload)::text || ','
    || to_json(p_actor_name)::text || ',' || coalesce(to_json(p_countersigner_name)::text, 'null') || ','
    || to_json(p_recorded_text)::text || ']', 'UTF8')), 'hex');
  entry_id := vigie_entry_id(p_casino, p_day);
  INSERT INTO registers_entry (id, register_id, seq, kind, gaming_day, refers_to_id, payload, actor_id,
                       countersigner_id, recorded_at, prev_hash, hash)
    VALUES (entry_id, p_register, entry_seq, p_kind, p_day, p_refers_to, p_payload, p_actor, p_countersigner,
            p_recorded_at, entry_prev, entry_hash);
END $$;

CREATE OR REPLACE FUNCTION vigie_entry_continues() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  casino bigint := NEW.id >> 41;
  owner bigint;
  head_seq bigint;
  head_hash text;
  archived_seq bigint;
  archived_hash text;
BEGIN
  SELECT casino_id INTO owner FROM registers_register WHERE id = NEW.register_id;
  IF owner IS DISTINCT FROM casino
     OR (NEW.id >> 33) & 255 <> extract(year FROM NEW.gaming_day)::bigint - 1900 THEN
    RAISE EXCEPTION 'écriture : l''identifiant % ne nomme pas le casino % et l''année du % / the entry''s id does not '
      'name its casino and year', NEW.id, owner, NEW.gaming_day USING ERRCODE = 'check_violation';
  END IF;
  SELECT seq, hash INTO head_seq, head_hash FROM registers_entry
    WHERE register_id = NEW.register_id AND (id < {LEGACY_END} OR (id >= casino << 41 AND id < (casino + 1) << 41))
    ORDER BY seq DESC LIMIT 1;{entry_head.format(register="NEW.register_id", seq="head_seq", hash="head_hash")}
  IF NEW.seq <> coalesce(head_seq, 0) + 1 OR NEW.prev_hash <> coalesce(head_hash, repeat('0', 64)) THEN
    RAISE EXCEPTION 'écriture : le n° % ne prolonge pas la chaîne du registre % (dernier n° %) / the entry does not '
      'continue its register''s chain', NEW.seq, NEW.register_id, coalesce(head_seq, 0)
      USING ERRCODE = 'unique_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION vigie_card_movement_continues() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  previous numeric;
  last_id bigint;
  archived_balance numeric;
BEGIN
  SELECT id, balance_after INTO last_id, previous FROM registers_cardmovement
    WHERE casino_id = NEW.casino_id AND card_id = NEW.card_id ORDER BY id DESC LIMIT 1;{
    balance.format(card="NEW.card_id", balance="previous")}
  IF NEW.balance_after <> coalesce(previous, 0) + NEW.delta THEN
    RAISE EXCEPTION 'carte : le mouvement ne prolonge pas le solde (% + % <> %) / card movement breaks the balance',
      coalesce(previous, 0), NEW.delta, NEW.balance_after USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION vigie_card_balance_is_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last numeric;
  last_id bigint;
  archived_balance numeric;
BEGIN
  IF NEW.balance IS DISTINCT FROM OLD.balance THEN
    SELECT id, balance_after INTO last_id, last FROM registers_cardmovement
      WHERE casino_id = NEW.casino_id AND card_id = NEW.id ORDER BY id DESC LIMIT 1;{
    balance.format(card="NEW.id", balance="last")}
    IF NEW.balance <> coalesce(last, 0) THEN
      RAISE EXCEPTION 'carte : le solde % diffère du registre (%) / card balance differs from the ledger',
        NEW.balance, coalesce(last, 0) USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION vigie_entry_partition(p_casino bigint, p_day date) RETURNS text
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  casino_part text := format('registers_entry_c%s', p_casino);
  year_part text := format('registers_entry_c%s_%s', p_casino, to_char(p_day, 'YYYY'));
  first bigint := (p_casino << 41) | ((extract(year FROM p_day)::bigint - 1900) << 33);
BEGIN
  IF to_regclass(year_part) IS NOT NULL THEN
    RETURN year_part;
  END IF;{refused}
  PERFORM pg_advisory_xact_lock(hashtext('vigie_entry_partition'), p_casino::int);
  -- made apart, then attached: ATTACH locks its parent in SHARE UPDATE EXCLUSIVE mode, so the entries stay readable
  -- and writable in every other transaction (CREATE TABLE ... PARTITION OF would lock them out until the commit)
  IF to_regclass(casino_part) IS NULL THEN
    EXECUTE format('CREATE TABLE %I (LIKE registers_entry INCLUDING CONSTRAINTS) PARTITION BY RANGE (id)', casino_part);
    EXECUTE format('ALTER TABLE registers_entry ATTACH PARTITION %I FOR VALUES FROM (%s) TO (%s)',
                   casino_part, p_casino << 41, (p_casino + 1) << 41);
    PERFORM vigie_entry_partition_protect(casino_part);
  END IF;
  IF to_regclass(year_part) IS NULL THEN
    EXECUTE format('CREATE TABLE %I (LIKE registers_entry INCLUDING CONSTRAINTS)', year_part);
    PERFORM vigie_entry_partition_unique(year_part);
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%s) TO (%s)', casino_part, year_part,
                   first, first + (1::bigint << 33));
    PERFORM vigie_entry_partition_protect(year_part);
  END IF;
  RETURN year_part;
END $$;
""" + PLANS  # nosec B608  # names from this migration and the settings, run once by the owner


class Migration(migrations.Migration):

    dependencies = [
        ('registers', '0026_generic_plans_for_the_database'),
    ]

    operations = [
        migrations.CreateModel(
            name='ArchivedBalance',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('year', models.PositiveSmallIntegerField()),
                ('movement_id', models.BigIntegerField()),
                ('balance_after', models.DecimalField(decimal_places=2, max_digits=10)),
                ('card', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+',
                                           to='registers.card')),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('card', 'year'), name='archivedbalance_card_year')],
            },
        ),
        migrations.CreateModel(
            name='ArchivedHead',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('year', models.PositiveSmallIntegerField()),
                ('seq', models.PositiveBigIntegerField()),
                ('hash', models.CharField(max_length=64)),
                ('register', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='+',
                                               to='registers.register')),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('register', 'year'),
                                                        name='archivedhead_register_year')],
            },
        ),
        migrations.RunSQL(PROTECT + _functions(archived=True),
                          "".join(f"DROP TRIGGER {t}_no_update_delete ON {t}; DROP TRIGGER {t}_no_truncate ON {t};"
                                  for t in TABLES) + _functions(archived=False)),
    ]
