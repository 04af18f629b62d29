"""Reconciliation of table and poker-room data against the rules (issues 15, 16): the upper floor of compliance,
which reads games and registers."""
