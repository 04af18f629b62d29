"""What anyone may fetch to check a report without Vigie: the platform's root certificate and its current CRL."""

from django.http import HttpResponse
from django.views.decorators.http import require_GET

from . import pki, selectors


@require_GET
def root_certificate(request):
    response = HttpResponse(pki.pem(pki.root_certificate()), content_type="application/x-pem-file")
    response["Content-Disposition"] = 'attachment; filename="vigie-racine.pem"'
    return response


@require_GET
def crl(request):
    response = HttpResponse(selectors.crl_der(), content_type="application/pkix-crl")
    response["Content-Disposition"] = 'attachment; filename="vigie.crl"'
    response["Cache-Control"] = "no-cache"  # a revocation shows at once
    return response
