# The playing-card stock's running balance (registers/decks/balance.py): the stock as the register leaves it up to an
# entry, so that a filing reads it and the entries after it, not the whole register.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('registers', '0045_decks_register'),
    ]

    operations = [
        migrations.CreateModel(
            name='DeckBalance',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('seq', models.PositiveBigIntegerField()),
                ('state', models.JSONField()),
                ('register', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE,
                                                  related_name='deck_balance', to='registers.register')),
            ],
        ),
    ]
