"""The second factor of a person's sign-in (issue 40): a TOTP authenticator (django-otp) and ten single-use recovery
codes. The direction, the regulators and the platform's administrators always give it; a casino's cashiers where the
casino says so (Casino.second_facteur_caisse). The slot management systems keep their own keys: they are no person."""
