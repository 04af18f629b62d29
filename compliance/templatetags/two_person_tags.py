"""`{% may_take "contresigner" pending as verdict %}`: whether the page's user may take a two-person step on an object,
and why not (compliance/two_person.py), the same answer the service gives."""

from django import template

from compliance import two_person

register = template.Library()


@register.simple_tag(takes_context=True)
def may_take(context, step: str, obj) -> two_person.Verdict:
    return two_person.may_take(context["user"], step, obj)
