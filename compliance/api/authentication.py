from rest_framework.authentication import TokenAuthentication

from ..middleware import activate_home_zone


class ZonedTokenAuthentication(TokenAuthentication):
    """A token's user works in their casino's zone, as a signed-in page does: the zone middleware ran before
    DRF read the token, when the caller was still anonymous."""

    def authenticate(self, request):
        found = super().authenticate(request)
        if found is not None:
            activate_home_zone(found[0])
        return found
