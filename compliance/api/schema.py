"""The schema's generator: every operation documents the refusals every API view can give, not only those its
`extend_schema` names (a GET of an unknown casino answers 404, a caller without a token 401, a role outside the
operation 403, the rate limit 429, a query or path parameter refused 400: U+0000 in any input is refused before the
view, compliance/middleware.py), each with the one error body."""

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import PolymorphicProxySerializer

from .errors import error_responses

# the refusals any read can give; a write names its own in its `extend_schema`, these are added when missing
READ_REFUSALS = (401, 403, 404, 429)


class Schema(AutoSchema):
    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        statuses = [*READ_REFUSALS] if self.method == "GET" else [404] if self._path_has_parameters() else []
        if self.method == "GET" and (self._path_has_parameters() or [*self._get_filter_parameters(),
                                                                     *self._query_parameters()]):
            statuses.append(400)
        for status, response in error_responses(*sorted(statuses)).items():
            if str(status) not in responses:
                responses[str(status)] = self._get_response_for_code(response, str(status), direction=direction)
        return responses

    def _get_request_for_media_type(self, serializer, direction="request"):
        schema, required = super()._get_request_for_media_type(serializer, direction)
        # a body told apart by its kind (a job's) has no required property of its own, but one of its kinds is needed
        return schema, required or isinstance(serializer, PolymorphicProxySerializer)

    def _path_has_parameters(self) -> bool:
        return "{" in self.path

    def _query_parameters(self) -> list:
        return [p for p in self._process_override_parameters(direction="request").values() if p.get("in") == "query"]
