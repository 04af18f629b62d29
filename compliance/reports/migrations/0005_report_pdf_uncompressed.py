"""A signed PDF is kept as it is, not compressed again by PostgreSQL (its streams are compressed already, and a month's
book of the cards register is some 90 MB): a download then reads it a slice at a time (selectors.pdf_chunks), each
slice read from its own part of the stored value instead of the whole value being decompressed for each."""

from django.db import migrations

STORAGE = "ALTER TABLE reports_report ALTER COLUMN pdf SET STORAGE {}"


class Migration(migrations.Migration):

    dependencies = [
        ("reports", "0004_alter_report_kind"),
    ]

    operations = [
        migrations.RunSQL(STORAGE.format("EXTERNAL"), STORAGE.format("EXTENDED")),
    ]
