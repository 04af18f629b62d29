from django.conf import settings

from .navigation import navigation_for


def shell(request):
    user = getattr(request, "user", None)
    common = {"login_failure_limit": settings.AXES_FAILURE_LIMIT}
    if user is None or not user.is_authenticated:
        return {**common, "navigation": [], "home_jurisdiction": None}
    return {**common, "navigation": navigation_for(user), "home_jurisdiction": user.home_jurisdiction}
