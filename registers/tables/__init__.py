"""Table games: tables, sessions, slips, win and hold (LU RGD 1979 art. 9, 21, 37-9 to 37-18, 97-1; QC RJC
art. 9, 111, 116)."""
