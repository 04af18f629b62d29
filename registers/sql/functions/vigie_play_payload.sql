-- The payload of a slot machine's bet or win on a card, byte for byte the canonical JSON registers/cards/ledger.py's
-- general path writes (keys sorted, amounts as text): vigie_card_play and vigie_slot_plays write it, and its hash must
-- be the chain's (tests/test_cards_play_sql.py). A plain SQL expression, inlined where it is called.

CREATE OR REPLACE FUNCTION public.vigie_play_payload(p_card text, p_delta numeric, p_machine text, p_after numeric)
 RETURNS text
 LANGUAGE sql
 STABLE
AS $function$
  SELECT '{"amount":' || to_json(abs(p_delta)::text) || ',"card":' || to_json(p_card)
    || ',"machine":' || to_json(p_machine) || ',"movements":[{"balance_after":' || to_json(p_after::text)
    || ',"card":' || to_json(p_card) || ',"delta":' || to_json(p_delta::text) || '}]}'
$function$;
