"""LU RGD 1979 art. 3-1 7): « au maximum deux cartes nominatives peuvent être attribuées par client ». A blocked, lost
or found card is still attributed: its slot stays taken until the card is closed (the index used to free it as soon
as the card left « active », so a client with a lost card could be given a third). The most cards a client may hold
is no longer written in the CHECK (slot 1 or 2) but kept on each card as the rule data gave it at issue (`slots`,
like the cap), and a card's slot never changes.

Cards attributed before: each client's cards not closed get slots 1, 2 … in the order they were issued; a client
already holding more than the rule allowed keeps them (their slots go past the bound, which `registers_audit` reports
on their issue) rather than have the migration refuse."""

from django.db import migrations, models

PREVIOUS_BOUND = 2  # what the CHECK card_kind_consistent of 0003 held: slot 1 or 2

FROZEN = """
CREATE OR REPLACE FUNCTION vigie_card_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.cap IS DISTINCT FROM OLD.cap OR NEW.kind IS DISTINCT FROM OLD.kind
     OR NEW.client_id IS DISTINCT FROM OLD.client_id OR NEW.casino_id IS DISTINCT FROM OLD.casino_id
     OR NEW.number IS DISTINCT FROM OLD.number
     OR NEW.slot IS DISTINCT FROM OLD.slot OR NEW.slots IS DISTINCT FROM OLD.slots THEN
    RAISE EXCEPTION 'carte : plafond, type, client, casino, numéro et place fixés à l''émission / card: fixed at issue'
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
"""

FROZEN_BEFORE = """
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
"""


def slots_of_attributed_cards(apps, schema_editor):
    Card = apps.get_model("registers", "Card")
    Card.objects.filter(kind="nominative").update(slots=PREVIOUS_BOUND)
    held: dict[int, int] = {}
    for card in Card.objects.filter(kind="nominative").exclude(status="closed").order_by("client_id", "id"):
        held[card.client_id] = held.get(card.client_id, 0) + 1
        slot = held[card.client_id]
        if (card.slot, card.slots) != (slot, max(slot, PREVIOUS_BOUND)):
            card.slot, card.slots = slot, max(slot, PREVIOUS_BOUND)
            card.save(update_fields=["slot", "slots"])


class Migration(migrations.Migration):
    dependencies = [("registers", "0008_entry_card_index")]

    operations = [
        migrations.RemoveConstraint(model_name="card", name="card_kind_consistent"),
        migrations.RemoveConstraint(model_name="card", name="card_two_active_nominative_per_client"),
        migrations.AddField(
            model_name="card",
            name="slots",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.RunPython(slots_of_attributed_cards, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="card",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("client__isnull", False), ("kind", "nominative"), ("slot__gte", 1),
                             ("slot__lte", models.F("slots"))),
                    models.Q(("client__isnull", True), ("kind", "journaliere"), ("slot__isnull", True),
                             ("slots__isnull", True)),
                    _connector="OR",
                ),
                name="card_kind_consistent",
            ),
        ),
        migrations.AddConstraint(
            model_name="card",
            constraint=models.UniqueConstraint(condition=models.Q(("status", "closed"), _negated=True),
                                               fields=("client", "slot"), name="card_slot_held_until_closed"),
        ),
        migrations.RunSQL(FROZEN, FROZEN_BEFORE),
    ]
