"""What each pay-table `hand` key wins on, for lines read against a poker distribution.

A predicate sees one fine class ("pair:Q", "two_pair:K-T", "straight_flush:A"). Qualifiers printed
in the tables are part of the key: "Paire de six et plus" (QC RJC art. 67.49) is
`pair_sixes_or_better`; "Double paire de dix et plus" (art. 67.50, 67.63) is read as a two pair whose
higher pair is tens or better; "Paire (de dix … ou d'as)" (art. 67.8, 67.20) is `pair_tens_or_better`.
"""

from games.hands.ranking import split_fine_class

TEN, QUEEN, KING, ACE = 10, 12, 13, 14


def _category(name):
    return lambda category, ranks: category == name


def _at_least(name, rank_value):
    return lambda category, ranks: category == name and ranks[0] >= rank_value


def _exactly(name, rank_value):
    return lambda category, ranks: category == name and ranks[0] == rank_value


PREDICATES = {
    "royal_flush": _exactly("straight_flush", ACE),
    "straight_flush": _category("straight_flush"),
    "four_aces": _exactly("four_of_a_kind", ACE),
    "four_of_a_kind": _category("four_of_a_kind"),
    "full_house": _category("full_house"),
    "flush": _category("flush"),
    "straight": _category("straight"),
    "three_of_a_kind": _category("three_of_a_kind"),
    "two_pair": _category("two_pair"),
    "two_pair_tens_or_better": _at_least("two_pair", TEN),
    "pair": _category("pair"),
    "pair_sixes_or_better": _at_least("pair", 6),
    "pair_tens_or_better": _at_least("pair", TEN),
    "pair_aces": _exactly("pair", ACE),
    "pair_kings": _exactly("pair", KING),
    "pair_queens": _exactly("pair", QUEEN),
}


def winning_line(fine: str, hands: list[str]) -> int | None:
    """Index of the first line (printed order) whose hand the fine class meets, else None."""
    category, ranks = split_fine_class(fine)
    for index, hand in enumerate(hands):
        if PREDICATES[hand](category, ranks):
            return index
    return None
