from django.conf import settings

from .navigation import navigation_for
from .todo import section_counts, tasks_for_request


def shell(request):
    user = getattr(request, "user", None)
    common = {"login_failure_limit": settings.AXES_FAILURE_LIMIT}
    if user is None or not user.is_authenticated:
        return {**common, "navigation": [], "home_jurisdiction": None, "nav_counts": {}, "todo_count": 0}
    # what waits behind each item of the menu (compliance/todo.py), computed once per request with the home's list
    counts = section_counts(tasks_for_request(request))
    return {**common, "navigation": navigation_for(user), "home_jurisdiction": user.home_jurisdiction,
            "nav_counts": counts, "todo_count": sum(counts.values())}
