"""A deal's cash-outs as the room recorded them (PokerStars' « cashed out the hand for $22.77 | Cash Out Fee $0.46 »):
what the room paid the players who cashed out and the fees it kept. The deals imported before had none."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("registers", "0033_poker_rake_schedule"),
    ]

    operations = [
        migrations.AddField(
            model_name="pokerhand",
            name="cash_out",
            field=models.DecimalField(decimal_places=2, default=0, max_digits=14, verbose_name="paiements anticipés"),
        ),
        migrations.AddField(
            model_name="pokerhand",
            name="cash_out_fee",
            field=models.DecimalField(decimal_places=2, default=0, max_digits=14,
                                      verbose_name="frais de paiement anticipé"),
        ),
    ]
