"""A casino's closed year of card movements and poker deals detached from the registers' tables, kept read-only
(issue 19)."""
