"""The card limits PostgreSQL itself holds, beyond the CHECK and unique constraints of 0003:
a card's cap, kind, client, casino and number never change after issue, and a transfer's two cards
belong to its one client (composite foreign keys on (card id, client))."""

from django.db import migrations

SQL = """
CREATE OR REPLACE FUNCTION vigie_card_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.cap IS DISTINCT FROM OLD.cap OR NEW.kind IS DISTINCT FROM OLD.kind
     OR NEW.client_id IS DISTINCT FROM OLD.client_id OR NEW.casino_id IS DISTINCT FROM OLD.casino_id
     OR NEW.number IS DISTINCT FROM OLD.number THEN
    RAISE EXCEPTION 'carte : plafond, type, client, casino et numéro sont fixés à l''émission / card: fixed at issue'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER registers_card_frozen BEFORE UPDATE ON registers_card
  FOR EACH ROW EXECUTE FUNCTION vigie_card_frozen();
ALTER TABLE registers_cardtransfer
  ADD CONSTRAINT cardtransfer_from_same_client FOREIGN KEY (from_card_id, client_id)
    REFERENCES registers_card (id, client_id),
  ADD CONSTRAINT cardtransfer_to_same_client FOREIGN KEY (to_card_id, client_id)
    REFERENCES registers_card (id, client_id);
"""

REVERSE = """
ALTER TABLE registers_cardtransfer DROP CONSTRAINT cardtransfer_from_same_client,
  DROP CONSTRAINT cardtransfer_to_same_client;
DROP TRIGGER registers_card_frozen ON registers_card;
"""


class Migration(migrations.Migration):
    dependencies = [("registers", "0003_cards")]
    operations = [migrations.RunSQL(SQL, REVERSE)]
