"""Admissions and exclusions: the admission cards issued at the door with the identity document seen, the casino's
exclusion list checked wherever Vigie identifies a person (the door, an electronic gaming card's issue, a tournament's
entry), the age at each of those, and the personal data kept only as long as the casino's retention says."""
