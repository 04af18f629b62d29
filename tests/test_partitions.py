"""Issue 19: the cards' movements (by casino, then year) and the poker deals (by casino, then month) are partitioned in
PostgreSQL; every partition, a new one included, refuses UPDATE, DELETE and TRUNCATE as the registers do, and the
application's role may only read and add; a casino's year detached as an archive (`vigie_archive`) is kept
read-only, and the registers' tables no longer hold it."""

import datetime
from io import StringIO

import psycopg
import pytest
from django.core.management import call_command
from django.db import connection, transaction

from compliance.models import Casino
from registers.models import CardMovement, Entry, PokerHand, Slip
from tests.test_registers import _app_sql

pytestmark = pytest.mark.django_db(transaction=True)


def _owner(statement: str, params=()) -> list:
    """As the tables' owner (the migrations' role, which the suite connects as), its maintenance switch off."""
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SET LOCAL vigie.maintenance = 'off'")  # the switch the suite sets to empty its databases
        cursor.execute(statement, params)
        return cursor.fetchall() if cursor.description else []


def _refused(statement: str, app: bool):
    error = psycopg.errors.InsufficientPrivilege if app else Exception
    with pytest.raises(error, match=None if app else "ajout seul|append-only"):
        _app_sql(statement) if app else _owner(statement)


@pytest.fixture
def casino(rules) -> Casino:
    call_command("scale_generate", "--days", "5", "--density", "0.01", stdout=StringIO(), stderr=StringIO())
    return Casino.objects.get(code="echelle-1")


def test_a_new_partition_is_append_only_like_its_table(casino):
    year = casino.today().year + 1  # a year no movement has reached: its partition is made now
    (made,) = _owner("SELECT vigie_partition('registers_cardmovement', %s, %s)",
                      [casino.pk, datetime.date(year, 3, 1)])[0]
    assert made == f"registers_cardmovement_c{casino.pk}_{year}"
    last = CardMovement.objects.filter(casino=casino).order_by("-id").first()
    # the application's role adds a row there (a movement of nothing, continuing its card's balance)
    _app_sql("INSERT INTO registers_cardmovement (entry_id, card_id, kind, gaming_day, delta, balance_after, "
             f"casino_id) VALUES ({last.entry_id}, {last.card_id}, 'x', '{year}-03-01', 0, {last.balance_after}, "
             f"{casino.pk})")
    current = f"registers_cardmovement_c{casino.pk}_{last.gaming_day.year}"  # made by its year's first movement
    for part in (made, current):
        for statement in (f"UPDATE {part} SET delta = 0", f"DELETE FROM {part}", f"TRUNCATE {part}"):
            _refused(statement, app=True)
        for statement in (f"UPDATE {part} SET delta = 0 WHERE true", f"DELETE FROM {part} WHERE true",
                          f"TRUNCATE {part}"):
            _refused(statement, app=False)
        _app_sql(f"SELECT count(*) FROM {part}")  # reading stays allowed
    assert CardMovement.objects.filter(casino=casino, gaming_day__year=year).count() == 1


def test_a_new_partition_of_the_entries_is_append_only_and_the_chain_holds_across_partitions(casino):
    from registers.archive.services import year_partitions_open
    from registers.models import Register

    year = casino.today().year + 1
    made = year_partitions_open(casino=casino, year=year)[0]
    assert made == f"registers_entry_c{casino.pk}_{year}"
    assert _owner("SELECT count(*) FROM pg_inherits WHERE inhrelid = %s::regclass", [made]) == [(1,)]
    register = Register.objects.filter(casino=casino, kind="cartes").get()
    head = Entry.objects.filter(register=register).order_by("-seq").first()
    # the application's role appends there through the chain's own function; the id names the casino and the year
    _app_sql(f"SELECT vigie_entry_append({register.pk}, '{register.label}', {casino.pk}, true, 'essai', "
             f"'{year}-03-01', NULL, NULL, '{{}}', {head.actor_id}, 'essai', NULL, NULL, now(), 'essai')")
    entry = Entry.objects.get(register=register, seq=head.seq + 1)
    assert (entry.prev_hash, entry.id >> 41, (entry.id >> 33) & 255) == (head.hash, casino.pk, year - 1900)
    assert _owner(f"SELECT count(*) FROM {made}") == [(1,)]
    for part in (made, f"registers_entry_c{casino.pk}_{head.gaming_day.year}"):
        for statement in (f"UPDATE {part} SET kind = 'x'", f"DELETE FROM {part}", f"TRUNCATE {part}"):
            _refused(statement, app=True)
        for statement in (f"UPDATE {part} SET kind = 'x' WHERE true", f"DELETE FROM {part} WHERE true",
                          f"TRUNCATE {part} CASCADE"):  # without CASCADE, the references refuse it first
            _refused(statement, app=False)
    # an entry of last year's n° written again in the new partition: no unique index sees it, the trigger does
    copy = ("INSERT INTO registers_entry SELECT vigie_entry_id({casino}, '{year}-03-02'), seq, kind, '{year}-03-02', "
            "payload, recorded_at, prev_hash, repeat('f', 64), actor_id, countersigner_id, refers_to_id, register_id "
            "FROM registers_entry WHERE id = {id}")
    with pytest.raises(Exception, match="ne prolonge pas la chaîne"):
        _owner(copy.format(casino=casino.pk, year=year, id=head.pk))
    # an id of another casino's partition (made first: an INSERT cannot attach one to the table it writes)
    _owner("SELECT vigie_partition('registers_entry', %s, %s)", [casino.pk + 1, datetime.date(year, 3, 2)])
    with pytest.raises(Exception, match="ne nomme pas le casino"):
        _owner(copy.format(casino=casino.pk + 1, year=year, id=head.pk))
    assert Entry.objects.filter(register=register).count() == entry.seq


@pytest.fixture
def last_year(rules) -> Casino:
    """Three days of the end of last year, generated: a closed year to archive."""
    until = datetime.date(datetime.date.today().year - 1, 12, 30)
    call_command("scale_generate", "--days", "3", "--until", until.isoformat(), "--density", "0.01",
                 stdout=StringIO(), stderr=StringIO())
    return Casino.objects.get(code="echelle-1")


def test_a_casinos_closed_year_archived_is_read_only_and_leaves_the_registers_tables(last_year):
    from django.core.management.base import CommandError

    from compliance.models import AuditEvent
    from tests.conftest import make_user

    casino, year = last_year, datetime.date.today().year - 1
    moved = CardMovement.objects.filter(casino=casino, gaming_day__year=year).count()
    deals = PokerHand.objects.filter(casino=casino, gaming_day__year=year).count()
    # the poker room's sessions are opened within the casino's filing delay (366 days): at the very end of a year,
    # last December is past it and the generator deals nothing then
    late = (casino.today() - datetime.date(year, 12, 30)).days > 360
    assert moved and (deals or late)
    entries = Entry.objects.filter(register__casino=casino, gaming_day__year=year).count()
    slips = Slip.objects.filter(casino=casino, gaming_day__year=year).count()
    assert entries > moved // 2 and slips
    make_user("plateforme", "admin")
    for user, asked, refusal in (("echelle-1.direction", year, "administrateur"),
                                 ("plateforme", year + 1, "n'est pas close")):
        with pytest.raises(CommandError, match=refusal):
            call_command("registers_archive", "--casino", casino.code, "--year", str(asked), "--user", user,
                         stdout=StringIO())
    assert CardMovement.objects.filter(casino=casino, gaming_day__year=year).count() == moved  # refused: untouched
    out = StringIO()
    call_command("registers_archive", "--casino", casino.code, "--year", str(year), "--user", "plateforme",
                 "--json", stdout=out)
    assert '"registers_cardmovement": 1' in out.getvalue() and '"registers_entry": 1' in out.getvalue()
    assert f'"registers_pokerhand": {1 if deals else 0}' in out.getvalue()
    assert AuditEvent.objects.filter(action="year_archived", casino=casino).count() == 1
    assert not CardMovement.objects.filter(casino=casino, gaming_day__year=year).exists()
    assert not PokerHand.objects.filter(casino=casino, gaming_day__year=year).exists()
    archive = f"registers_cardmovement_archive_c{casino.pk}_{year}"
    assert _owner(f"SELECT count(*) FROM {archive}") == [(moved,)]
    # the entries left with every row hanging from them (slips, their sessions…), each table to its own archive
    assert not Entry.objects.filter(register__casino=casino, gaming_day__year=year).exists()
    assert not Slip.objects.filter(casino=casino, gaming_day__year=year).exists()
    assert _owner(f"SELECT count(*) FROM registers_entry_archive_c{casino.pk}_{year}") == [(entries,)]
    assert _owner(f"SELECT count(*) FROM registers_slip_archive_c{casino.pk}_{year}") == [(slips,)]
    # and every chain still verifies from its first entry, its archived year read with the live ones
    verified = StringIO()
    call_command("registers_verify", "--casino", casino.code, "--full", stdout=verified)
    assert ", 0 rompu" in verified.getvalue() and "ROMPU" not in verified.getvalue()
    if deals:
        assert _owner(f"SELECT count(*) FROM registers_pokerhand_archive_c{casino.pk}_{year}12") == [(deals,)]
    for kept in (archive, *(f"registers_{table}_archive_c{casino.pk}_{year}" for table in ("entry", "slip"))):
        for statement in (f"UPDATE {kept} SET kind = 'x' WHERE true", f"DELETE FROM {kept} WHERE true",
                          f"TRUNCATE {kept}", f"INSERT INTO {kept} SELECT * FROM {kept} LIMIT 1"):
            _refused(statement, app=False)
        for statement in (f"INSERT INTO {kept} SELECT * FROM {kept} LIMIT 1", f"DELETE FROM {kept}"):
            _refused(statement, app=True)
        _app_sql(f"SELECT count(*) FROM {kept}")
    with pytest.raises(Exception, match="partitionnée|partitioned"):
        _owner("SELECT vigie_archive('registers_entry', %s, %s)", [casino.pk, year])


@pytest.mark.django_db(transaction=False)
def test_this_years_and_next_years_partitions_are_made_ahead_for_every_casino(rules):
    from registers.archive.services import partitions_ahead
    from tests.conftest import make_casino

    casino = make_casino("avance", "LU")
    year = casino.today().year
    made = partitions_ahead()
    assert made["avance"] == [f"registers_{table}_c{casino.pk}_{y}" for y in (year, year + 1)
                              for table in ("entry", "cardmovement")]
    for name in made["avance"]:
        assert _owner("SELECT to_regclass(%s) IS NOT NULL", [name]) == [(True,)]
    assert partitions_ahead() == made  # the next day's run finds them made


def test_a_new_casinos_partitions_are_made_once_it_exists_in_a_transaction_of_their_own(rules):
    from tests.conftest import make_casino

    casino = make_casino("nouveau", "MC")  # committed: its partitions follow in their own transaction
    year = casino.today().year
    for table in ("entry", "cardmovement"):
        assert _owner("SELECT to_regclass(%s) IS NOT NULL", [f"registers_{table}_c{casino.pk}_{year}"]) == [(True,)]
