"""The poker room's jackpots as small state machines, and the conditions of each of their operations as pure functions
over their state (`<operation>_problems(state, proposed)`): the services refuse with the first problem, the audit
(checks.py, registers_audit) replays the registers into the same states and asks the same functions of every entry, the
pages ask them why an action is not offered. No database here: the caller reads the state, the house rules in force
and the rule values (`Rules`). What the texts do not require is the casino's control, cited so (registers/controls.py).

One module a concern, each imported where it is used (no names are re-exported here):
- shared.py: the concepts' keys, the stages and transitions, the house rules in force, a voluntary stop's notice;
- progressive.py: a progressive jackpot (LU RGD 1979 art. 49-9 to 49-11);
- bad_beat.py: the bad-beat jackpot's state, openings, stops and restarts, its « carnet de compte » (49-12 to 49-15);
- bad_beat_account.py: its cagnotte day by day; bad_beat_wins.py: its wins; bad_beat_notices.py: its notices to the
  Minister and its voluntary stop;
- house_rules.py: what a version of the house rules may say; cagnotte.py: the cagnotte's count (art. 97-1)."""
