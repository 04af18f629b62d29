-- A card's cap, kind, client, casino, number and slot are fixed when it is issued (LU RGD 1979 art. 3-1): an UPDATE that
-- changes one of them is refused, whoever sends it. Trigger registers_card_frozen (sql/triggers/registers_card.sql).

CREATE OR REPLACE FUNCTION public.vigie_card_frozen()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF NEW.cap IS DISTINCT FROM OLD.cap OR NEW.kind IS DISTINCT FROM OLD.kind
     OR NEW.client_id IS DISTINCT FROM OLD.client_id OR NEW.casino_id IS DISTINCT FROM OLD.casino_id
     OR NEW.number IS DISTINCT FROM OLD.number
     OR NEW.slot IS DISTINCT FROM OLD.slot OR NEW.slots IS DISTINCT FROM OLD.slots THEN
    RAISE EXCEPTION 'carte : plafond, type, client, casino, numéro et place fixés à l''émission / card: fixed at issue'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $function$;
