"""The lists a casino's management keeps (its desks, its poker tables, the chips and banknotes of its counts), from
which the forms offer choices instead of free text."""
