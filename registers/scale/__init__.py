"""The scale generator of issue 19 (manage.py scale_generate): a casino-year of data, as a casino keeps it."""
