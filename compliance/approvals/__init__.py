"""Approval requests and their review by the regulator (issue 17): the upper floor of compliance, which reads
games and registers."""
