"""The playing-card stock (issue 39, point 3): decks received, issued to a table's or a poker table's day, returned,
destroyed with two signatures, and the control that a session opens with the decks its game's texts require."""
