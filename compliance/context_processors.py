from .navigation import navigation_for


def shell(request):
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"navigation": [], "home_jurisdiction": None}
    return {"navigation": navigation_for(user), "home_jurisdiction": user.home_jurisdiction}
