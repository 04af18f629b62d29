"""A card's page reads its newest entries and its benefits at any size of the `cartes` register: the expression index
of migration 0008 ends with the register's n° (the newest first, read from the index: no sort of the card's year of
entries), and a partial index holds the benefit entries alone (points and free games, art. 3-1 11), a few per card
among its thousands."""

from django.db import migrations

CARD = "((payload::jsonb ->> 'card'))"
SQL = f"""
DROP INDEX entry_payload_card;
CREATE INDEX entry_payload_card ON registers_entry (register_id, {CARD}, seq);
CREATE INDEX entry_card_benefit ON registers_entry (register_id, {CARD}) WHERE kind = 'carte.avantage';
"""
REVERSE = f"""
DROP INDEX entry_card_benefit;
DROP INDEX entry_payload_card;
CREATE INDEX entry_payload_card ON registers_entry (register_id, {CARD});
"""


class Migration(migrations.Migration):
    dependencies = [("registers", "0021_entries_archive")]
    operations = [migrations.RunSQL(SQL, REVERSE)]
