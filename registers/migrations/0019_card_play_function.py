"""Issue 19 point 5: a slot machine's bet or win in one statement. `vigie_card_play` locks the card, and only when
the card is active and its balance stays within [0, cap] (LU RGD 1979 art. 3-1 6), 3-4 1), 2), 7)), and the
register's draft basis is the one the casino applies, writes the entry, the movement and the balance as
registers/cards/ledger.py's general path does, with the same payload, byte for byte. Anything else (a refusal, a
win past the cap, a closed day, a basis to write first) returns 'fallback' having written nothing: the caller then
takes the general path, which refuses with its message or writes as always.

`vigie_slot_play` adds the slot system's idempotency key (registers/cards/slot_system/services.py): a key already
taken goes to the general path, which replays its answer; the key's row is written with its answer and entry. A key
taken meanwhile by a concurrent request aborts the statement (SQLSTATE VG001): nothing is written, and the general
path answers. tests/test_cards_play_sql.py holds both paths equal."""

from django.conf import settings
from django.db import migrations

FUNCTIONS = r"""
CREATE FUNCTION vigie_card_play(
  p_card bigint, p_casino bigint, p_kind text, p_delta numeric, p_machine text, p_day date, p_actor bigint,
  p_actor_name text, p_recorded_at timestamptz, p_recorded_text text, p_basis text,
  OUT outcome text, OUT card_number text, OUT balance numeric, OUT register_id bigint, OUT entry_id bigint,
  OUT entry_seq bigint, OUT entry_hash text, OUT entry_prev text, OUT payload text)
LANGUAGE plpgsql AS $$
DECLARE
  v_card registers_card%ROWTYPE;
  v_label text;
  v_after numeric;
BEGIN
  outcome := 'fallback';
  SELECT * INTO v_card FROM registers_card WHERE id = p_card FOR UPDATE;
  IF NOT FOUND OR v_card.casino_id <> p_casino OR v_card.status <> 'active' OR p_delta = 0 THEN
    RETURN;
  END IF;
  v_after := v_card.balance + p_delta;
  IF v_after < 0 OR v_after > v_card.cap THEN
    RETURN;
  END IF;
  SELECT r.id, c.code || '/' || r.kind INTO register_id, v_label
    FROM registers_register r JOIN compliance_casino c ON c.id = r.casino_id
    WHERE r.casino_id = p_casino AND r.kind = 'cartes' FOR UPDATE OF r;
  IF register_id IS NULL THEN
    RETURN;
  END IF;
  IF p_basis IS NOT NULL AND NOT coalesce(
      (SELECT e.payload::jsonb = p_basis::jsonb FROM registers_entry e
        WHERE e.register_id = vigie_card_play.register_id AND e.kind = 'registre.base_projet'
        ORDER BY e.seq DESC LIMIT 1), false) THEN
    RETURN;
  END IF;
  card_number := v_card.number;
  payload := '{"amount":' || to_json(abs(p_delta)::text) || ',"card":' || to_json(v_card.number)
    || ',"machine":' || to_json(p_machine) || ',"movements":[{"balance_after":' || to_json(v_after::text)
    || ',"card":' || to_json(v_card.number) || ',"delta":' || to_json(p_delta::text) || '}]}';
  SELECT a.entry_id, a.entry_seq, a.entry_hash, a.entry_prev INTO entry_id, entry_seq, entry_hash, entry_prev
    FROM vigie_card_record(register_id, v_label, p_casino, false, p_kind, p_day, payload, p_actor, p_actor_name,
                           p_recorded_at, p_recorded_text, ARRAY[p_card], ARRAY[p_delta], ARRAY[v_after]) a;
  IF entry_id IS NULL THEN
    RETURN;  -- the day is closed: nothing written
  END IF;
  outcome := 'done';
  balance := v_after;
END $$;

CREATE FUNCTION vigie_slot_play(
  p_system bigint, p_key text, p_operation text, p_digest text, p_number text, p_currency text, p_amount numeric,
  p_casino bigint, p_machine text, p_day date, p_actor bigint, p_actor_name text, p_recorded_at timestamptz,
  p_recorded_text text, p_basis text,
  OUT outcome text, OUT response jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_card bigint;
  v_play record;
  v_request bigint;
BEGIN
  outcome := 'fallback';
  IF EXISTS (SELECT 1 FROM registers_slotrequest WHERE slot_system_id = p_system AND key = p_key) THEN
    RETURN;
  END IF;
  SELECT id INTO v_card FROM registers_card WHERE casino_id = p_casino AND number = p_number;
  IF v_card IS NULL THEN
    RETURN;
  END IF;
  SELECT * INTO v_play FROM vigie_card_play(
    v_card, p_casino, CASE p_operation WHEN 'debit' THEN 'carte.mise' ELSE 'carte.gain' END,
    CASE p_operation WHEN 'debit' THEN -p_amount ELSE p_amount END, p_machine, p_day, p_actor, p_actor_name,
    p_recorded_at, p_recorded_text, p_basis);
  IF v_play.outcome <> 'done' THEN
    RETURN;
  END IF;
  response := jsonb_build_object(
    'operation', p_operation, 'card', v_play.card_number, 'amount', round(p_amount, 2)::text, 'currency', p_currency,
    'machine', p_machine, 'balance', round(v_play.balance, 2)::text,
    'entry', jsonb_build_object('kind', CASE p_operation WHEN 'debit' THEN 'carte.mise' ELSE 'carte.gain' END,
                                'seq', v_play.entry_seq, 'hash', v_play.entry_hash));
  IF p_operation = 'credit' THEN
    response := response || jsonb_build_object('credited', round(p_amount, 2)::text, 'excess', '0.00',
                                                'manual_payout', NULL);
  END IF;
  INSERT INTO registers_slotrequest (slot_system_id, key, operation, body_sha256, created_at, status_code, response,
                                     entry_id)
    VALUES (p_system, p_key, p_operation, p_digest, p_recorded_at, 201, response, v_play.entry_id)
    ON CONFLICT (slot_system_id, key) DO NOTHING RETURNING id INTO v_request;
  IF v_request IS NULL THEN
    RAISE EXCEPTION 'idempotency key taken meanwhile' USING ERRCODE = 'VG001';
  END IF;
  outcome := 'done';
END $$;
"""
SIGNATURES = (
    "vigie_card_play(bigint, bigint, text, numeric, text, date, bigint, text, timestamptz, text, text)",
    "vigie_slot_play(bigint, text, text, text, text, text, numeric, bigint, text, date, bigint, text, timestamptz, "
    "text, text)",
)
REVERSE = " ".join(f"DROP FUNCTION {signature};" for signature in reversed(SIGNATURES))


def _privileges(apps, schema_editor):
    role = settings.DATABASE_APP_ROLE
    grants = " ".join(f'GRANT EXECUTE ON FUNCTION {signature} TO "{role}";' for signature in SIGNATURES)
    schema_editor.execute(f"""DO $$ BEGIN
      IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '{role}') THEN {grants} END IF; END $$;""", params=None)  # nosec B608  # names from this migration and the settings, run once by the owner


class Migration(migrations.Migration):

    dependencies = [
        ('registers', '0018_card_moved_on'),
    ]

    operations = [
        migrations.RunSQL(FUNCTIONS, REVERSE),
        migrations.RunPython(_privileges, migrations.RunPython.noop),
    ]
