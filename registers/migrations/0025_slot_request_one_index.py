"""Each look-up of a slot request has one index to take. The key already taken was looked for through the index of
the request's slot system alone, then filtered by key over all of the system's requests (the planner's choice on a
new table without statistics, kept by the function's generic plan): the unique (system, key) answers it, and the
system's own index, which it covers, is dropped. The card is found by its number (unique) and then checked to be of
the casino, rather than through the casino's cards filtered by number."""

from django.db import migrations, models

FUNCTION = r"""
CREATE OR REPLACE FUNCTION vigie_slot_play(
  p_system bigint, p_key text, p_operation text, p_digest text, p_number text, p_currency text, p_amount numeric,
  p_casino bigint, p_machine text, p_day date, p_actor bigint, p_actor_name text, p_recorded_at timestamptz,
  p_recorded_text text, p_basis text,
  OUT outcome text, OUT response jsonb)
LANGUAGE plpgsql AS $$
DECLARE
  v_card bigint;
  v_casino bigint;
  v_play record;
  v_request bigint;
BEGIN
  outcome := 'fallback';
  IF EXISTS (SELECT 1 FROM registers_slotrequest WHERE slot_system_id = p_system AND key = p_key) THEN
    RETURN;
  END IF;
  SELECT id, casino_id INTO v_card, v_casino FROM registers_card WHERE number = p_number;
  IF v_card IS NULL OR v_casino <> p_casino THEN
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
ALTER FUNCTION vigie_slot_play(bigint, text, text, text, text, text, numeric, bigint, text, date, bigint, text,
                               timestamptz, text, text) SET plan_cache_mode = force_generic_plan;
"""


class Migration(migrations.Migration):

    dependencies = [
        ("registers", "0024_card_movement_last_by_casino"),
    ]

    operations = [
        migrations.AlterField(
            model_name="slotrequest",
            name="slot_system",
            field=models.ForeignKey(db_index=False, on_delete=models.deletion.PROTECT, related_name="requests",
                                    to="registers.slotsystem"),
        ),
        migrations.RunSQL(FUNCTION, migrations.RunSQL.noop),
    ]
