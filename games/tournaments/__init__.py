"""Tournament arithmetic as pure functions (ROPTA 2019, QC RJC art. 123 to 127, LU RGD 1979 art. 49-17): the chip
race, places and prizes with tied players. The rules' figures are arguments: the services read them from the rule
data."""
