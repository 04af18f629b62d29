"""The deployment's own checks (`manage.py check --deploy`), beside Django's."""

from django.conf import settings
from django.core import checks


@checks.register(checks.Tags.security, deploy=True)
def keys_in_an_hsm(app_configs, **kwargs) -> list:
    """Issue 40: the signing keys live in an HSM; files under VIGIE_KEYS_DIR only for the demo (VIGIE_DEMO)."""
    if settings.KEYS_BACKEND == "pkcs11" or getattr(settings, "DEMO_ALLOWED", False):
        return []
    return [checks.Error(
        "The signing keys are files on this server (VIGIE_KEYS_BACKEND=file): only the demo keeps them so.",
        hint="Set VIGIE_KEYS_BACKEND=pkcs11 with VIGIE_PKCS11_MODULE, VIGIE_PKCS11_TOKEN and VIGIE_PKCS11_PIN, "
             "then run keys_migrate once (README « Clés dans un HSM (PKCS#11) »).", id="vigie.E001")]
