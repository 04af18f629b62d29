"""The playing-card stock's running balance (registers/decks): the stock as the register leaves it up to an entry,
saved by each filing so that the next reads it and the entries after it, never the whole register again. Vigie's
own cache, not an entry: the audit replays the register from its first entry."""

from django.db import models

from compliance.scoping import scoped_queryset

from .chain import Register


class DeckBalance(models.Model):
    register = models.OneToOneField(Register, on_delete=models.CASCADE, related_name="deck_balance")
    seq = models.PositiveBigIntegerField()  # the last entry the state includes
    state = models.JSONField()  # registers.decks.balance.dumped

    objects = scoped_queryset(casino="register__casino", jurisdiction="register__casino__jurisdiction").as_manager()

    def __str__(self):
        return f"{self.register_id}@{self.seq}"
