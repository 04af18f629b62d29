"""What a locked-out login sees: JSON for the API, a page for people (django-axes callback)."""

from django.http import JsonResponse
from django.shortcuts import render

from .errors import ACCOUNT_LOCKED


def lockout_response(request, original_response=None, credentials=None):
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "account_locked", "message": str(ACCOUNT_LOCKED), "field_errors": {}},
                            status=403)
    return render(request, "registration/locked.html", {"message": ACCOUNT_LOCKED}, status=403)
