"""Hand-history files in and out, pure Python: Open Hand History JSON (ohh) and PokerStars-style text (pokerstars).
Each module has read(stream) → iterator of games.poker.hand.Hand, raising errors.FormatError at the first hand it
cannot read, and write(hands, stream). docs/poker-import.md says what is read from each field and how."""

from games.poker.formats import ohh, pokerstars
from games.poker.formats.errors import FormatError, Position

FORMATS = {"ohh": ohh, "pokerstars": pokerstars}


def detect(head: str | bytes) -> str | None:
    """The format of a file from its first characters: JSON opens with "{" or "[", PokerStars with its name."""
    if isinstance(head, bytes):
        head = head.decode("utf-8", errors="ignore")
    head = head.lstrip("\ufeff \t\r\n")
    if head[:1] in ("{", "["):
        return "ohh"
    if head.startswith("*") and pokerstars.SEPARATOR.match(head):  # « *********** # 1 ************** » first
        head = head[pokerstars.SEPARATOR.match(head).end():].lstrip(" \t\r\n")
    if head.startswith("PokerStars "):
        return "pokerstars"
    return None


__all__ = ["FORMATS", "FormatError", "Position", "detect", "ohh", "pokerstars"]
