"""Poker arithmetic: pots, rake, jackpots and (to come) tournaments, as pure functions."""
