"""Signed PDF reports (issue 14): the upper floor of compliance, which reads games and registers."""
