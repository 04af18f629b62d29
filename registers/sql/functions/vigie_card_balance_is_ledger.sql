-- A card's balance can only become the balance_after of its last movement (live, or kept by the archive), so the
-- balance is the sum of its ledger whoever writes it. Trigger registers_card_balance_is_ledger, BEFORE UPDATE. It reads
-- the last balance as vigie_card_movement_continues does: inline in both, a function call would cost each card
-- operation some 4 µs on the ledger's hottest path.

CREATE OR REPLACE FUNCTION public.vigie_card_balance_is_ledger()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  last numeric;
  last_id bigint;
  archived_balance numeric;
BEGIN
  IF NEW.balance IS DISTINCT FROM OLD.balance THEN
    SELECT id, balance_after INTO last_id, last FROM registers_cardmovement
      WHERE casino_id = NEW.casino_id AND card_id = NEW.id ORDER BY id DESC LIMIT 1;
    SELECT a.balance_after INTO archived_balance FROM registers_archivedbalance a
      WHERE a.card_id = NEW.id AND a.movement_id > coalesce(last_id, 0) ORDER BY a.movement_id DESC LIMIT 1;
    IF archived_balance IS NOT NULL THEN
      last := archived_balance;
    END IF;
    IF NEW.balance <> coalesce(last, 0) THEN
      RAISE EXCEPTION 'carte : le solde % diffère du registre (%) / card balance differs from the ledger',
        NEW.balance, coalesce(last, 0) USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  RETURN NEW;
END $function$;
