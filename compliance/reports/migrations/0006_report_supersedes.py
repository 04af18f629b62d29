"""A signed report keeps the edition of the pages' wording it was printed with, and may be reissued as a new version that names the one it replaces (registers_recite: the citations of
the entries it shows were rectified since); the old one stays, signed as it was."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("reports", "0005_report_pdf_uncompressed"),
    ]

    operations = [
        # the reports already signed were printed before issue 35's wording; those to come from its edition
        migrations.AddField(model_name="report", name="edition",
                            field=models.PositiveSmallIntegerField(default=1, verbose_name="édition")),
        migrations.AlterField(model_name="report", name="edition",
                              field=models.PositiveSmallIntegerField(default=2, verbose_name="édition")),
        migrations.AddField(
            model_name="report",
            name="supersedes",
            field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT,
                                    related_name="superseded_by", to="reports.report",
                                    verbose_name="remplace le rapport"),
        ),
    ]
