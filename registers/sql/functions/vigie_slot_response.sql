-- The answer to a slot system's debit or credit written in one statement, the one registers/cards/slot_system/
-- services.py answers on its general path (a credit says what was credited, no excess, no manual payout): kept with
-- its idempotency key and replayed as is. vigie_slot_play and vigie_slot_plays write it.

CREATE OR REPLACE FUNCTION public.vigie_slot_response(p_operation text, p_card text, p_amount numeric, p_currency text, p_machine text, p_balance numeric, p_kind text, p_seq bigint, p_hash text)
 RETURNS jsonb
 LANGUAGE sql
 STABLE
AS $function$
  SELECT jsonb_build_object(
    'operation', p_operation, 'card', p_card, 'amount', round(p_amount, 2)::text, 'currency', p_currency,
    'machine', p_machine, 'balance', round(p_balance, 2)::text,
    'entry', jsonb_build_object('kind', p_kind, 'seq', p_seq, 'hash', p_hash))
  || CASE WHEN p_operation = 'credit'
          THEN jsonb_build_object('credited', round(p_amount, 2)::text, 'excess', '0.00', 'manual_payout', NULL)
          ELSE '{}'::jsonb END
$function$;
