"""Cards as small integers: rank index * 4 + suit, rank 0 = deux … 12 = as, so a hand is a tuple
of ints and a deck is range(52)."""

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"
DECK = tuple(range(52))


def rank(card: int) -> int:
    return card >> 2


def suit(card: int) -> int:
    return card & 3


def card(text: str) -> int:
    """'Ah', 'Td', '10d', '2c' → card; raises ValueError naming the bad text."""
    text = text.strip()
    rank_text, suit_text = text[:-1].upper(), text[-1:].lower()
    if rank_text == "10":
        rank_text = "T"
    if len(rank_text) != 1 or rank_text not in RANKS or suit_text not in SUITS:
        raise ValueError(f"carte invalide « {text} » / invalid card")
    return RANKS.index(rank_text) * 4 + SUITS.index(suit_text)


def parse(text: str) -> tuple[int, ...]:
    """'Ah Kh Qh' or 'AhKhQh' → cards; a card twice is refused."""
    text = text.replace(",", " ")
    parts = text.split() if " " in text.strip() else [text[i : i + 2] for i in range(0, len(text), 2)]
    hand = tuple(card(part) for part in parts if part)
    if len(set(hand)) != len(hand):
        raise ValueError(f"carte en double dans « {text} » / duplicate card")
    return hand


def text(card_: int) -> str:
    return RANKS[rank(card_)] + SUITS[suit(card_)]
