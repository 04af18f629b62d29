"""Messages every register family uses: constants so tests assert them and translators find them."""

from enum import StrEnum

from django.utils.translation import gettext_lazy as _


class ErrorCode(StrEnum):
    """The `code` of every refusal of this app, as the API returns it: clients branch on it, so a value is never
    renamed."""

    ABOVE_CAP = "above_cap"
    ABOVE_JACKPOT = "above_jackpot"
    ALREADY_COUNTERSIGNED = "already_countersigned"
    AMOUNT_NOT_POSITIVE = "amount_not_positive"
    BAD_CARDS = "bad_cards"
    BAD_MOVE = "bad_move"
    BALANCE_NOT_ZERO = "balance_not_zero"
    CARD_NOT_ACTIVE = "card_not_active"
    CARD_STILL_HELD = "card_still_held"
    CLIENT_REQUIRED = "client_required"
    COMBINATION = "combination"
    DEADLINE_PASSED = "deadline_passed"
    DESTRUCTION_FORBIDDEN = "destruction_forbidden"
    DUPLICATE = "duplicate"
    DATES_REVERSED = "dates_reversed"  # an end before its start (a presence, a designation's last day)
    EMPTY = "empty"
    EXCESS_ALREADY_PAID = "excess_already_paid"
    EXCESS_MISMATCH = "excess_mismatch"
    EXCLUDED = "excluded"  # a person on the casino's exclusion list (registers/admissions)
    FUTURE_DAY = "future_day"
    GAMES_NOT_CERTIFIED = "games_not_certified"
    IDEMPOTENCY_KEY_REQUIRED = "idempotency_key_required"
    IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused"
    INCREMENT = "increment"
    INSUFFICIENT_BALANCE = "insufficient_balance"
    INVALID = "invalid"
    ALREADY_CORRECTED = "already_corrected"
    NOT_CORRECTABLE = "not_correctable"
    BEFORE_OPENING = "before_opening"
    BEFORE_INSTALLATION = "before_installation"  # a notice sent before its machine was installed (LU 18-1)
    BEFORE_LAST_CHANGE = "before_last_change"  # a change effective before the machine's latest one
    WRONG_STATE = "wrong_state"  # a step its object's state does not allow (a slip on a closed table …)
    WRONG_REFERENCE = "wrong_reference"  # a reference naming an object of another kind (a pay-table request …)
    BEFORE_ISSUE = "before_issue"  # an operation dated before its card was issued
    YEAR_ARCHIVED = "year_archived"
    JACKPOT_STOPPED = "jackpot_stopped"
    UNKNOWN_LEVEL = "unknown_level"
    UNKNOWN_JACKPOT = "unknown_jackpot"
    UNKNOWN_ISSUE = "unknown_issue"  # a deck issue not in the casino's stock register
    UNPRINTABLE = "unprintable"
    INVALID_AMOUNT = "invalid_amount"
    JACKPOT_ACTIVE = "jackpot_active"
    LATE_FILING = "late_filing"
    LOSER_NOT_SEATED = "loser_not_seated"
    MACHINE_EXISTS = "machine_exists"
    NO_CARD_SYSTEM = "no_card_system"
    NO_CERTIFICATE = "no_certificate"
    NO_CHANGE = "no_change"
    NO_NOTICE = "no_notice"
    NOMINATIVE_ONLY = "nominative_only"
    NOT_ACTIVE = "not_active"
    NOT_OFFERED = "not_offered"  # a bet the table's game or the séance does not offer (QC RJC art. 21.2)
    NOT_OPEN = "not_open"
    NOT_QUALIFIED = "not_qualified"
    NOTHING_TO_PAY = "nothing_to_pay"
    NOTICE_LATE = "notice_late"
    NOTICE_TOO_LATE = "notice_too_late"
    OTHER_CLIENT = "other_client"
    POT_TOO_SMALL = "pot_too_small"
    RATE_LIMITED = "rate_limited"
    RECEIPT_NOT_IN_CABINET = "receipt_not_in_cabinet"
    REQUIRED = "required"
    RESERVE_FULL = "reserve_full"
    RIGHT_NOT_ESTABLISHED = "right_not_established"
    SAME_CARD = "same_card"
    SAME_PERSON = "same_person"
    SESSION_CLOSED = "session_closed"
    START_TOO_HIGH = "start_too_high"
    STATUS_CHANGE = "status_change"
    TOO_LARGE = "too_large"  # a file past its size (an import of slips)
    BAD_FILE = "bad_file"  # a file that is not the documented format (its encoding, header, columns)
    TOO_LONG = "too_long"
    TOO_MANY_LEVELS = "too_many_levels"
    TWO_ACTIVE_CARDS = "two_active_cards"
    UNKNOWN_CARD = "unknown_card"
    UNKNOWN_CHANGE = "unknown_change"
    UNKNOWN_EVENT = "unknown_event"
    UNKNOWN_EXCESS = "unknown_excess"
    UNKNOWN_MACHINE = "unknown_machine"
    # tournaments (registers/tournaments)
    RETURN_TOO_LOW = "return_too_low"  # QC RJC art. 127
    PUBLISHED_LATE = "published_late"  # art. 125
    NOT_PUBLISHED = "not_published"
    GRAND_PRIX_FEE = "grand_prix_fee"  # art. 124
    TOURNAMENT_STATE = "tournament_state"
    LATE_REGISTRATION_OVER = "late_registration_over"  # ROPTA §1.8
    REENTRY_NOT_ALLOWED = "reentry_not_allowed"
    TOURNAMENT_FULL = "tournament_full"
    NOT_IN_PLAY = "not_in_play"
    PRIZE_ALREADY_PAID = "prize_already_paid"
    PRIZES_UNPAID = "prizes_unpaid"
    UNKNOWN_MOMENT = "unknown_moment"
    UNKNOWN_SOURCE = "unknown_source"
    UNKNOWN_STATUS = "unknown_status"
    UNKNOWN_TABLE = "unknown_table"
    WRONG_CURRENCY = "wrong_currency"
    WRONG_ROLE = "wrong_role"
    UNDER_AGE = "under_age"  # a person under the casino's minimum age (registers/admissions)


FIELD_REQUIRED = _("Ce champ est obligatoire.")
AMOUNT_NOT_POSITIVE = _("Le montant doit être strictement positif.")
AMOUNT_INVALID = _("Montant invalide : « {value} ».")
WRONG_CURRENCY = _("La devise de ce casino est {expected}, pas {given}.")
TEXT_NOT_TEXT = _("Un texte est attendu.")
TEXT_TOO_LONG = _("Au plus {max} caractères.")
TEXT_UNPRINTABLE = _("Caractère de contrôle ou non imprimable ({code}) : ce texte ne peut entrer au registre.")
