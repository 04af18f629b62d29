# A rotated certificate (the key ceremony, issue 40) is superseded, not revoked: one current per holder among neither

from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('compliance', '0022_audit_key_ceremony'),
        ('reports', '0007_report_notice_poster'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='signingcertificate',
            name='signing_certificate_one_current_per_casino',
        ),
        migrations.RemoveConstraint(
            model_name='signingcertificate',
            name='signing_certificate_one_current_per_regulator',
        ),
        migrations.AddField(
            model_name='signingcertificate',
            name='superseded_at',
            field=models.DateTimeField(blank=True, null=True, verbose_name='remplacé le'),
        ),
        migrations.AddConstraint(
            model_name='signingcertificate',
            constraint=models.UniqueConstraint(condition=models.Q(('casino__isnull', False), ('revoked_at__isnull', True), ('superseded_at__isnull', True)), fields=('casino',), name='signing_certificate_one_current_per_casino'),
        ),
        migrations.AddConstraint(
            model_name='signingcertificate',
            constraint=models.UniqueConstraint(condition=models.Q(('jurisdiction__isnull', False), ('revoked_at__isnull', True), ('superseded_at__isnull', True)), fields=('jurisdiction',), name='signing_certificate_one_current_per_regulator'),
        ),
    ]
