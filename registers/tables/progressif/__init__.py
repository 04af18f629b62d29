"""The blackjack's progressive bet and its lot (QC RJC art. 21.2): the lot configured with the casino's start value and
rate, the board read at each séance's close, the winning bets paid, the account reconciled every night."""
