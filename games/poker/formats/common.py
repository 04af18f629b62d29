"""What both formats share and is not an error message: card names to card numbers (the dict lookup the hot path
wants), the check that no card is dealt twice, and the stream plumbing that lets a reader or writer take a binary
or a text stream alike (an upload is bytes, a test's StringIO is text)."""

import codecs
import json
import re
from collections.abc import Callable, Iterator

from games.hands.cards import DECK, card, text
from games.poker.formats.errors import BAD_CARD, CARD_TWICE, ENCODING, SYNTAX, TOO_LONG, WRONG_TYPE, Malformed

# "Ah" → card, and the lower-case and "10" spellings some rooms write: a dict lookup on the hot path, the general
# parser (games.hands.cards.card) only for what the dict does not know.
CARDS = {text(c): c for c in DECK}
CARDS |= {name.lower(): c for name, c in CARDS.items()} | {"10" + name[1]: c for name, c in CARDS.items()
                                                             if name[0] == "T"}


def card_of(name, field: str) -> int:
    found = CARDS.get(name) if type(name) is str else None
    if found is not None:
        return found
    try:
        return card(name)
    except (ValueError, TypeError, AttributeError):
        raise Malformed(field, BAD_CARD, value=name) from None


def cards_of(names, field: str) -> tuple[int, ...]:
    """A list of card names (OHH) or one string of them, "Ah Kd" or "AhKd" (some exports, and "" for none)."""
    if type(names) is str:
        names = names.split() if " " in names.strip() else [names[i:i + 2] for i in range(0, len(names.strip()), 2)]
    elif type(names) is not list:
        raise Malformed(field, WRONG_TYPE, expected="list of cards", value=names)
    found = tuple([card_of(name, field) for name in names])
    if len(set(found)) != len(found):
        raise Malformed(field, CARD_TWICE, value=_twice(found))
    return found


def _twice(cards: tuple[int, ...]) -> str:
    seen = set()
    for c in cards:
        if c in seen:
            return text(c)
        seen.add(c)
    return ""


def check_dealt_once(board: tuple[int, ...], holdings: dict[str, tuple[int, ...]], field: str) -> None:
    """No card in two places: the board and each player's cards (hole cards and those they show, which may repeat
    their own hole cards but nobody else's) are disjoint."""
    owner = dict.fromkeys(board, "")
    if len(owner) != len(board):
        raise Malformed(field, CARD_TWICE, value=_twice(board))
    for player, cards in holdings.items():
        for c in cards:
            if owner.setdefault(c, player) != player:
                raise Malformed(field, CARD_TWICE, value=text(c))


def text_chunks(stream, size: int) -> Iterator[str]:
    """The stream's text in chunks of about `size` characters, decoded incrementally from bytes when it is binary (a
    byte-order mark is dropped): a multi-byte character cut between two reads is never split. A decoding error
    raises UnicodeDecodeError once the text before it is given, so the reader can say in which hand it is."""
    data = stream.read(size)
    if isinstance(data, str):
        if data.startswith("\ufeff"):
            data = data[1:]
        while data:
            yield data
            data = stream.read(size)
        return
    decoder = codecs.getincrementaldecoder("utf-8-sig")()
    try:
        while data:
            yield decoder.decode(data)
            data = stream.read(size)
        yield decoder.decode(b"", final=True)
    except UnicodeDecodeError as error:  # what is good before the fault is read first, so the fault has its place
        yield error.object[:error.start].decode()
        raise


_SPACE = re.compile(r"[ \t\r\n]*")


def json_values(stream, decode: Callable, chunk_size: int, longest: int, number: re.Pattern):
    """(ordinal, line, value) for each JSON value of the stream, top-level values separated by whitespace or the
    elements of one top-level array, decoded by `decode` (a JSONDecoder's raw_decode) from a buffer of about one
    value and one chunk: a value cut by the end of a chunk fails to decode, so the next chunk is added and it is
    decoded again. A value that fails with more text after it on its line (or runs past `longest`) is malformed;
    the FormatError names its number (the `number` pattern's first group on its text) and its line."""
    chunks = text_chunks(stream, chunk_size)
    buffer, position, counted, line, ordinal = "", 0, 0, 1, 0
    eof, array, expect, closed = False, None, "first", False  # expect, in an array: "first", "value" or ","

    def fail(message, at=None, **values):
        found = number.search(buffer, position, position + longest)
        where = line + buffer.count("\n", position, at) if at is not None else line
        return Malformed("json", message, where, **values).format_error(found and found.group(1) or None,
                                                                         ordinal + 1, line)

    def more() -> str | None:
        try:
            return next(chunks, None)
        except UnicodeDecodeError as error:
            raise Malformed("encoding", ENCODING).format_error(None, ordinal + 1, line) from error

    while True:
        position = _SPACE.match(buffer, position).end()
        if position == len(buffer):
            if eof:
                if array and not closed:
                    raise fail(SYNTAX, problem="']' missing at the end of the file")
                return
            chunk = more()
            line += buffer.count("\n", counted, position)
            buffer, position, counted, eof = chunk or "", 0, 0, chunk is None
            continue
        line += buffer.count("\n", counted, position)
        counted, first = position, buffer[position]
        if closed:
            raise fail(SYNTAX, problem="text after the closing ']'")
        if array is None:
            array = first == "["
            position += array
            continue
        if array:
            if first == "]" and expect != "value" or first == "," and expect == ",":
                closed, expect, position = first == "]", "value", position + 1
                continue
            if expect == ",":
                raise fail(SYNTAX, problem="',' or ']' expected between hands")
        try:
            value, end = decode(buffer, position)
        except json.JSONDecodeError as error:
            if not eof and buffer.find("\n", error.pos) < 0 and len(buffer) - position < longest:
                chunk = more()  # the value may be cut by the end of the buffer: decode it again, longer
                buffer, position, counted, eof = buffer[position:] + (chunk or ""), 0, 0, chunk is None
                continue
            if len(buffer) - position >= longest:
                raise fail(TOO_LONG, limit=longest) from None
            raise fail(SYNTAX, error.pos, problem=error.msg) from None
        ordinal += 1
        yield ordinal, line, value
        position, expect = end, ","


def text_lines(stream) -> Iterator[str]:
    """The stream's lines without their end ("\\n" or "\\r\\n"), decoded from UTF-8 when it is binary (a byte-order
    mark is dropped); a decoding error raises UnicodeDecodeError."""
    lines = iter(stream)
    first = next(lines, None)
    if first is None:
        return
    binary = not isinstance(first, str)
    first = first.decode("utf-8-sig") if binary else first.removeprefix("\ufeff")
    yield first.rstrip("\r\n")
    if binary:
        for line in lines:
            yield line.decode().rstrip("\r\n")
    else:
        for line in lines:
            yield line.rstrip("\r\n")


def sink(stream) -> Callable[[str], object]:
    """A function writing text to the stream, encoding it as UTF-8 when the stream takes bytes."""
    try:
        stream.write("")
    except TypeError:
        return lambda chunk: stream.write(chunk.encode())
    return stream.write
