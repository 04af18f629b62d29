"""Issue 19: an entry appended in one round trip. `vigie_entry_append` locks the register's row, refuses a closed
gaming day, reads the head, hashes the entry exactly as registers/chain/hashing.py's EntryData.digest does (the
canonical JSON of its ten fields, SHA-256) and inserts it; `vigie_card_record` does the same and then writes the
card movements and balances of a ledger operation. The register's lock is held for one statement and the commit,
where it was held for seven round trips and the Python between them.

PostgreSQL's JSON string escaping (to_json of a text) is the one json.dumps(ensure_ascii=False) writes: the quote,
the backslash, \\b \\f \\n \\r \\t, and \\u00xx for the other control characters. tests/test_registers_append_sql.py
holds the two digests equal on any text."""

from django.conf import settings
from django.db import migrations

FUNCTIONS = r"""
CREATE FUNCTION vigie_entry_append(
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
  SELECT seq, hash INTO entry_seq, entry_prev FROM registers_entry
    WHERE register_id = p_register ORDER BY seq DESC LIMIT 1;
  entry_seq := coalesce(entry_seq, 0) + 1;
  entry_prev := coalesce(entry_prev, repeat('0', 64));
  entry_hash := encode(sha256(convert_to(
    '[' || to_json(p_label)::text || ',' || entry_seq::text || ',' || to_json(entry_prev)::text || ','
    || to_json(p_kind)::text || ',' || to_json(to_char(p_day, 'YYYY-MM-DD'))::text || ','
    || coalesce(p_refers_seq::text, 'null') || ',' || to_json(p_payload)::text || ','
    || to_json(p_actor_name)::text || ',' || coalesce(to_json(p_countersigner_name)::text, 'null') || ','
    || to_json(p_recorded_text)::text || ']', 'UTF8')), 'hex');
  INSERT INTO registers_entry (register_id, seq, kind, gaming_day, refers_to_id, payload, actor_id,
                               countersigner_id, recorded_at, prev_hash, hash)
    VALUES (p_register, entry_seq, p_kind, p_day, p_refers_to, p_payload, p_actor, p_countersigner,
            p_recorded_at, entry_prev, entry_hash)
    RETURNING id INTO entry_id;
END $$;

CREATE FUNCTION vigie_card_record(
  p_register bigint, p_label text, p_casino bigint, p_closed_ok boolean, p_kind text, p_day date, p_payload text, p_actor bigint,
  p_actor_name text, p_recorded_at timestamptz, p_recorded_text text,
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
  -- one by one, in order: the trigger of migration 0005 checks each movement continues the card's balance
  FOR i IN 1 .. coalesce(array_length(p_cards, 1), 0) LOOP
    INSERT INTO registers_cardmovement (entry_id, card_id, kind, gaming_day, delta, balance_after)
      VALUES (entry_id, p_cards[i], p_kind, p_day, p_deltas[i], p_after[i]);
    UPDATE registers_card SET balance = p_after[i] WHERE id = p_cards[i];
  END LOOP;
END $$;
"""
REVERSE = ("DROP FUNCTION vigie_card_record(bigint, text, bigint, boolean, text, date, text, bigint, text, timestamptz, text, "
           "bigint[], numeric[], numeric[]); "
           "DROP FUNCTION vigie_entry_append(bigint, text, bigint, boolean, text, date, bigint, bigint, text, bigint, "
           "text, bigint, text, timestamptz, text);")


def _privileges(apps, schema_editor):
    role = settings.DATABASE_APP_ROLE
    schema_editor.execute(f"""DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{role}') THEN
        GRANT EXECUTE ON FUNCTION vigie_entry_append(bigint, text, bigint, boolean, text, date, bigint, bigint, text,
          bigint, text, bigint, text, timestamptz, text) TO "{role}";
        GRANT EXECUTE ON FUNCTION vigie_card_record(bigint, text, bigint, boolean, text, date, text, bigint, text,
          timestamptz, text, bigint[], numeric[], numeric[]) TO "{role}";
      END IF; END $$;""", params=None)  # nosec B608  # names from this migration and the settings, run once by the owner


class Migration(migrations.Migration):

    dependencies = [
        ('registers', '0015_verified_checkpoint'),
    ]

    operations = [
        migrations.RunSQL(FUNCTIONS, REVERSE),
        migrations.RunPython(_privileges, migrations.RunPython.noop),
    ]
