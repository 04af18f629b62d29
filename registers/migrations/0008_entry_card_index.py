"""A card's history is read by the card each entry of the `cartes` register names (payload "card"): an
expression index, so a card page does not scan the register's text as it grows."""

from django.db import migrations

SQL = "CREATE INDEX entry_payload_card ON registers_entry (register_id, ((payload::jsonb ->> 'card')))"


class Migration(migrations.Migration):
    dependencies = [("registers", "0007_entry_kind_day_index")]
    operations = [migrations.RunSQL(SQL, "DROP INDEX entry_payload_card")]
