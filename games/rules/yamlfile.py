"""Reading rule files: YAML that refuses duplicate keys, never makes floats or dates behind our
back, and remembers the line of every value so errors can point at it."""

from decimal import Decimal
from pathlib import Path

import yaml


class RuleFileError(Exception):
    def __init__(self, path: Path | str, line: int | None, message: str):
        self.path, self.line, self.message = str(path), line, message
        super().__init__(f"{self.path}:{line or '?'}: {message}")


class LinedDict(dict):
    """A mapping that knows the line of each of its keys (1-based)."""

    lines: dict


class LinedList(list):
    lines: list


class _Loader(yaml.CSafeLoader):  # libyaml parses, our constructors build: the same values, several times faster
    pass


# Dates stay strings (validated by us with the line number) and numbers with a decimal point
# become Decimal: no value ever passes through a float.
_Loader.yaml_implicit_resolvers = {
    key: [(tag, regexp) for tag, regexp in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for key, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def _construct_float(loader, node):
    text = loader.construct_scalar(node).replace("_", "")
    try:
        return Decimal(text)
    except ArithmeticError as exc:  # .inf / .nan
        raise yaml.constructor.ConstructorError(None, None, f"nombre invalide « {text} »", node.start_mark) from exc


def _construct_mapping(loader, node):
    loader.flatten_mapping(node)
    result, lines = LinedDict(), {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in result:
            raise yaml.constructor.ConstructorError(
                None, None, f"clé en double « {key} » (déjà à la ligne {lines[key]})", key_node.start_mark
            )
        result[key] = loader.construct_object(value_node, deep=True)
        lines[key] = key_node.start_mark.line + 1
    result.lines = lines
    return result


def _construct_sequence(loader, node):
    result = LinedList(loader.construct_object(child, deep=True) for child in node.value)
    result.lines = [child.start_mark.line + 1 for child in node.value]
    return result


_Loader.add_constructor("tag:yaml.org,2002:float", _construct_float)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def read(path: Path):
    try:
        with open(path, encoding="utf-8") as handle:
            return yaml.load(handle, Loader=_Loader)  # nosec B506  # a SafeLoader subclass
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        raise RuleFileError(path, mark.line + 1 if mark else None, exc.problem or str(exc)) from exc
    except UnicodeDecodeError as exc:
        raise RuleFileError(path, None, f"fichier non UTF-8 : {exc}") from exc


def line_of(document, path_parts) -> int | None:
    """The line of the value at `path_parts` (keys and indexes), or of its nearest parent."""
    line, node = None, document
    for part in path_parts:
        lines = getattr(node, "lines", None)
        try:
            line = lines[part] if lines is not None else line
            node = node[part]
        except (KeyError, IndexError, TypeError):
            break
    return line
