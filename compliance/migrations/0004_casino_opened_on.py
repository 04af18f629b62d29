"""A casino's first gaming day in Vigie: nothing is filed for a day before it. Existing casinos keep their
registers from the day they were created."""

from django.db import migrations, models


def from_creation(apps, schema_editor):
    schema_editor.execute("UPDATE compliance_casino SET opened_on = (created_at AT TIME ZONE 'UTC')::date")


class Migration(migrations.Migration):
    dependencies = [("compliance", "0003_alter_auditevent_action")]

    operations = [
        migrations.AddField(model_name="casino", name="opened_on", field=models.DateField(
            null=True, verbose_name="registres tenus dans Vigie depuis le")),
        migrations.RunPython(from_creation, migrations.RunPython.noop),
        migrations.AlterField(model_name="casino", name="opened_on", field=models.DateField(
            verbose_name="registres tenus dans Vigie depuis le")),
    ]
