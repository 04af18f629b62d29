-- Each card movement continues its card's balance: balance_after = the previous balance_after + delta, the previous
-- being the card's last live movement or, when its year is archived, the last one the archive kept
-- (registers_archivedbalance). Trigger registers_cardmovement_continues, BEFORE INSERT.

CREATE OR REPLACE FUNCTION public.vigie_card_movement_continues()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  previous numeric;
  last_id bigint;
  archived_balance numeric;
BEGIN
  SELECT id, balance_after INTO last_id, previous FROM registers_cardmovement
    WHERE casino_id = NEW.casino_id AND card_id = NEW.card_id ORDER BY id DESC LIMIT 1;
  SELECT a.balance_after INTO archived_balance FROM registers_archivedbalance a
    WHERE a.card_id = NEW.card_id AND a.movement_id > coalesce(last_id, 0) ORDER BY a.movement_id DESC LIMIT 1;
  IF archived_balance IS NOT NULL THEN
    previous := archived_balance;
  END IF;
  IF NEW.balance_after <> coalesce(previous, 0) + NEW.delta THEN
    RAISE EXCEPTION 'carte : le mouvement ne prolonge pas le solde (% + % <> %) / card movement breaks the balance',
      coalesce(previous, 0), NEW.delta, NEW.balance_after USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $function$;
