"""What the readers refuse, and why, in French and in English: each message is a module-level constant so tests assert
it and an importer shows it in the casino's language. The readers check the FORM of a file (a field missing, an amount
that is not one, a card twice, an action they do not know); whether the deal adds up (turn order, amounts, pots) is
games/poker/replay.py's business, so nothing here repeats it."""

from typing import NamedTuple


class Message(NamedTuple):
    fr: str
    en: str


class Position(int):
    """Where a hand sits in its file: its ordinal (1-based, in the file's order), which is the int itself because an
    importer numbers the hands it reads so, and a line number (`line`: where the JSON or the text went wrong, else
    where the hand starts in OHH, or its last line for what only the whole PokerStars hand shows)."""

    line: int

    def __new__(cls, ordinal: int, line: int):
        position = super().__new__(cls, ordinal)
        position.line = line
        return position

    @property
    def ordinal(self) -> int:
        return int(self)

    def __eq__(self, other):
        if isinstance(other, Position):
            return (int(self), self.line) == (int(other), other.line)
        return int(self) == other

    __hash__ = int.__hash__

    def __repr__(self) -> str:
        return f"Position(ordinal={int(self)}, line={self.line})"

    def __str__(self) -> str:
        return str(int(self))


class FormatError(ValueError):
    """The first unreadable hand of a file: the import is all or nothing, so one is enough to refuse it."""

    def __init__(self, number: str | None, position: Position, field: str, message_fr: str, message_en: str,
                 kind: str = ""):
        self.number, self.position, self.field = number, position, field
        self.message_fr, self.message_en = message_fr, message_en
        self.kind = kind  # what the importer may cite an article for (CHIPS_ADDED_KIND), else ""
        named = f"n° {number}, " if number else ""
        rank = "1re" if position.ordinal == 1 else f"{position.ordinal}e"
        super().__init__(f"Main {named}{rank} du fichier, ligne {position.line}, champ « {field} » : "
                         f"{message_fr} / Hand {'#' + number + ', ' if number else ''}{position.ordinal} in the file, "
                         f"line {position.line}, field {field}: {message_en}")

    @property
    def ordinal(self) -> int:
        return self.position.ordinal

    @property
    def line(self) -> int:
        return self.position.line


class Malformed(Exception):
    """Raised deep in a reader, where the hand's number and position are not at hand; `line` when the reader knows a
    more precise line than the hand's."""

    def __init__(self, field: str, message: Message, line: int | None = None, **values):
        super().__init__(field)
        self.field, self.message, self.line, self.values = field, message, line, values

    def format_error(self, number: str | None, ordinal: int, line: int) -> FormatError:
        return FormatError(number, Position(ordinal, self.line or line), self.field,
                           self.message.fr.format(**self.values), self.message.en.format(**self.values),
                           CHIPS_ADDED_KIND if self.message is CHIPS_ADDED else "")


SYNTAX = Message("JSON illisible : {problem}.", "Unreadable JSON: {problem}.")
TOO_LONG = Message("la main dépasse {limit} caractères sans se terminer.",
                   "the hand runs past {limit} characters without ending.")
NOT_AN_OBJECT = Message("une main est un objet {{\"ohh\": …}}.", "a hand is an object {{\"ohh\": …}}.")
ENCODING = Message("le fichier n'est pas en UTF-8.", "the file is not UTF-8.")
MISSING = Message("champ absent.", "missing field.")
WRONG_TYPE = Message("{expected} attendu, « {value} » trouvé.", "{expected} expected, found “{value}”.")
NOT_AN_AMOUNT = Message("« {value} » n'est pas un montant.", "“{value}” is not an amount.")
NEGATIVE = Message("montant négatif : {value}.", "negative amount: {value}.")
FRACTION_OF_CENT = Message("fraction de centime : {value}.", "fraction of a cent: {value}.")
BAD_DATE = Message("date illisible : « {value} ».", "unreadable date: “{value}”.")
UNKNOWN_ZONE = Message("fuseau horaire inconnu : « {value} ».", "unknown time zone: “{value}”.")
ZONE_DISAGREES = Message("l'heure {local} ({zone}) n'est pas l'heure de l'Est donnée entre crochets, {eastern}.",
                         "the time {local} ({zone}) is not the Eastern time given in brackets, {eastern}.")
NO_ZONE = Message("heure sans fuseau horaire (et aucun fuseau par défaut donné).",
                  "time without a time zone (and no default zone given).")
UNKNOWN_VALUE = Message("valeur inconnue : « {value} » (attendu : {expected}).",
                        "unknown value: “{value}” (expected: {expected}).")
UNKNOWN_ACTION = Message("action inconnue : « {value} ».", "unknown action: “{value}”.")
CHIPS_ADDED = Message("des jetons ajoutés pendant la main (« {value} ») : un joueur n'augmente son tapis qu'entre "
                      "les mains.", "chips added during the deal (“{value}”): a player adds to their stack only "
                      "between deals.")
CHIPS_ADDED_KIND = "chips_added"
UNKNOWN_PLAYER = Message("joueur inconnu : « {value} ».", "unknown player: “{value}”.")
DUPLICATE = Message("« {value} » figure deux fois.", "“{value}” appears twice.")
BAD_CARD = Message("carte illisible : « {value} ».", "unreadable card: “{value}”.")
CARD_TWICE = Message("la carte {value} est distribuée deux fois.", "card {value} is dealt twice.")
BOARD_CARDS = Message("{street} : {count} carte(s) au tableau, {expected} attendue(s) à ce moment.",
                      "{street}: {count} board card(s), {expected} expected at that point.")
STREET_ORDER = Message("le tour « {value} » vient après « {after} ».", "street “{value}” comes after “{after}”.")
NO_PLAYERS = Message("aucun joueur assis.", "no seated player.")
BAD_SEAT = Message("siège {value} hors de 1 à 10.", "seat {value} outside 1 to 10.")
MISSING_HEADER = Message("en-tête de main absent ou illisible : « {value} ».",
                         "hand header missing or unreadable: “{value}”.")
UNREADABLE_LINE = Message("ligne illisible : « {value} ».", "unreadable line: “{value}”.")
MISSING_SUMMARY = Message("résumé (« *** SUMMARY *** » et « Total pot ») absent.",
                          "summary (\"*** SUMMARY ***\" and \"Total pot\") missing.")
POTS_TOTAL = Message("le pot total {total} n'est pas la somme des pots ({pots}).",
                     "total pot {total} is not the sum of the pots ({pots}).")
BY_POT = Message("{count} valeur(s) pour {pots} pot(s), ou leur somme n'est pas le total {total}.",
                 "{count} value(s) for {pots} pot(s), or their sum is not the total {total}.")
CARDS_DIFFER = Message("cartes différentes de celles déjà données pour {value}.",
                      "cards differ from those already given for {value}.")
UNKNOWN_POT = Message("pot inconnu : « {value} ».", "unknown pot: “{value}”.")
