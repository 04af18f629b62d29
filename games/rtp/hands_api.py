"""Batch evaluation of hands typed as text ("Ah Kh Qh Jh Th 2c 3d"), for the API and its benchmark."""

import numpy as np

from compliance.errors import DomainError
from games import errors
from games.errors import ErrorCode
from games.hands.cards import parse
from games.hands.distributions import KINDS
from games.hands.fast import evaluate_many
from games.hands.ranking import ranking

MAX_HANDS = 10_000


def evaluate_texts(kind: str, texts: list[str]) -> dict:
    if kind not in KINDS:
        raise DomainError(errors.HANDS_UNKNOWN_KIND.format(kind=kind), code=ErrorCode.UNKNOWN_KIND, field="kind")
    if len(texts) > MAX_HANDS:
        raise DomainError(errors.HANDS_TOO_MANY.format(limit=MAX_HANDS), code=ErrorCode.TOO_MANY, field="hands")
    spec = KINDS[kind]
    hands = []
    for index, text in enumerate(texts):
        try:
            hand = parse(text)
        except ValueError as exc:
            raise DomainError(
                errors.HANDS_INVALID.format(index=index + 1, problem=exc),
                code=ErrorCode.INVALID_HAND, field=f"hands[{index}]"
            ) from None
        if len(hand) != spec.cards:
            problem = f"{len(hand)} carte(s) au lieu de {spec.cards} / {len(hand)} card(s) instead of {spec.cards}"
            raise DomainError(
                errors.HANDS_INVALID.format(index=index + 1, problem=problem),
                code=ErrorCode.INVALID_HAND,
                field=f"hands[{index}]",
            )
        hands.append(hand)
    rules = ranking(spec.ranking)
    values = evaluate_many(np.array(hands, dtype=np.int64).reshape(len(hands), spec.cards), spec.ranking)
    return {
        "kind": kind,
        "ranking": rules.key,
        "citation": rules.citation,
        "results": [
            {
                "hand": text,
                "value": int(value),
                "category": rules.category(int(value)),
                "class": rules.fine_class(int(value)),
            }
            for text, value in zip(texts, values, strict=True)
        ],
    }
