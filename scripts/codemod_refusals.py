#!/usr/bin/env python3
"""Codemod (issue 41 §2): raise sites that carry their own sentences become refusals
raised as a code with named parameters, their message written once in the owning app's
enum and catalogue.

    .venv/bin/python scripts/codemod_refusals.py            # dry run: the report only
    .venv/bin/python scripts/codemod_refusals.py --write    # convert, then ruff, i18n, docs
    .venv/bin/python scripts/codemod_refusals.py --verbose  # and list the decisions unused

It is rerunnable: run it on a tree where other branches have added or changed old-style
sites, and it converts what is there, keeping the codes ``<app>/codes.py`` already has.
On a tree already converted it finds no site and changes nothing (the text edits it
reports as no longer matching were made by the run that converted it).

What it does, for each old-style site in the apps (every app of the layers contract of
``pyproject.toml``: ``casino tables cage hands rota tournaments promotions reports floor
demo``; never ``poker/``):

- a site is a call of an error class (``ValidationFailed("CODE", es, en, field=…)`` and its
  siblings) or of one of the helpers listed in ``HELPERS`` that take ``(code, es, en)``;
- the Spanish and the English are split into text and expressions (f-strings, ``+``); the
  expressions become named parameters: the same expression in both languages is one
  parameter, and the language's variants of one value are recognised (``es(x.label)`` and
  ``en(x.label)`` or ``x.value``; ``role_label_es(r)`` and ``r.value``;
  ``d:%d/%m/%Y`` and ``d.isoformat()``; ``fmt(v)``, ``money(v, "en")``: the amount itself,
  which the renderer formats as money in each language; ``number(n, lang)``: ``{n:,}``;
  ``t.label("en")`` and ``t``: the table; ``x_es`` and ``x_en``, ``x[0]`` and ``x[1]``,
  ``f(…, "es")`` and ``f(…, "en")``: :class:`casino.refusals.Words`);
- the English, with ``{name}`` placeholders, is the msgid of the code's member in
  ``<app>/codes.py`` (the lowest app in the layers that raises the code; for a code two
  apps of one layer raise, rota and tournaments say, the first app of the layer below,
  which both may import), its Spanish goes
  to ``locale/es/catalog/<app>.json``; a code with a member written by hand
  (``casino/errorcodes.py``: ``NOT_FOUND``, ``PERMISSION_DENIED``) takes that member's words;
- the call becomes ``DomainError.of(AppCode.CODE, name=expression, …, field=…,
  details=…)``; a function that returned a ``Conflict`` now returns a ``DomainError``; the
  imports it needs are added.

A site it cannot convert is left as it is and reported, with the reason: an expression of
one language without its pair in the other; a code raised with two different messages or
statuses; a msgid whose Spanish differs from the catalogue's. The decisions taken by hand
for those sites are data in ``scripts/codemod_refusals_fixes.py`` (its docstring lists
them, with the codes renamed): the codemod applies them on every run, so a rerun after a
merge needs no hand work for them, and reports any that no longer match.

``--write`` then runs ``ruff check --fix`` (imports) and ``ruff format`` on the files it
changed (and prints what ruff cannot fix), ``scripts/i18n.py`` twice (extract, fill,
compile; the second pass leaves no fuzzy traces) and ``scripts/api_codes.py --write``
(the table of docs/api.md).
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import json
import re
import string
import subprocess
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CATALOG = ROOT / "locale" / "es" / "catalog"
#: The apps, lowest layer first: a code raised by several apps belongs to the lowest.


def _layers() -> tuple[tuple[str, ...], ...]:
    """The apps by layer, lowest first, as the import-linter contract of pyproject.toml
    lists them (``"rota | tournaments | promotions"`` is one layer of three apps that may
    not import each other; an app added there, a ``players`` app, is converted and ordered
    too). ``poker`` is pure and keeps its own catalogue: never converted."""
    found = re.search(r"^layers = \[(.*?)\]", (ROOT / "pyproject.toml").read_text(), re.M)
    if found is None:
        raise SystemExit("pyproject.toml: no import-linter contract with the apps' layers")
    layers = []
    for entry in reversed(re.findall(r'"([\w |]+)"', found.group(1))):
        apps = tuple(
            n.strip()
            for n in entry.split("|")
            if n.strip() != "poker" and (ROOT / n.strip() / "apps.py").exists()
        )
        if apps:
            layers.append(apps)
    return tuple(layers)


LAYERS = _layers()
APPS = tuple(app for layer in LAYERS for app in layer)
ENUM = {app: f"{app.capitalize()}Code" for app in APPS}
#: Enums written by hand, read to know which codes they own (never rewritten).
HAND_ENUMS = (ROOT / "casino" / "errorcodes.py",)
STATUS = {
    "DomainError": 400,
    "ValidationFailed": 400,
    "PermissionRefused": 403,
    "NotFound": 404,
    "Conflict": 409,
    "ServiceUnavailable": 503,
}
#: Keyword arguments of ``DomainError.of`` itself: a parameter never takes these names.
RESERVED = {"field": "field_name", "details": "facts"}


@dataclass(frozen=True)
class Maker:
    """How a call carries its refusal: where the code, Spanish and English are (a position
    or a keyword), the status, and what else becomes ``field=`` / ``details=``."""

    status: int
    code: int | str | None = 0
    es: int | str = 1
    en: int | str = 2
    fixed_code: str | None = None
    field: int | None = None
    star_details: bool = False  # the helper's **kwargs are the details
    keep: bool = False  # the helper stays (its definition is edited): only its code changes


#: Helpers taking sentences, by (file, name) or by name anywhere, that are kept (their
#: definition is edited by a text edit). The helpers that only build an error from
#: ``(code, es, en, field?, **details)`` or ``(es, en)`` with a fixed code are found by
#: their definition (:func:`discover_helpers`), wherever they are: their calls are inlined
#: and the definition goes once nothing calls it.
HELPERS: dict[tuple[str | None, str], Maker] = {
    (None, "require_text"): Maker(400, code="code", es="es", en="en", keep=True),
}
DISCOVERED: dict[str, Maker] = {}
HELPER_DEFS: set[tuple[Path, str]] = set()


def _inner_error(func: ast.FunctionDef) -> tuple[str, ast.expr] | None:
    """The error class and the code a helper builds from its ``es`` and ``en``."""
    for node in ast.walk(func):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in STATUS
            and len(node.args) >= 3
            and [getattr(a, "id", None) for a in node.args[1:3]] == ["es", "en"]
        ):
            return node.func.id, node.args[0]
    return None


def discover_helpers() -> None:
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            for node in ast.parse(source(path)).body:
                if not isinstance(node, ast.FunctionDef):
                    continue
                inner = _inner_error(node)
                if inner is None:
                    continue
                cls, first = inner
                names = [a.arg for a in node.args.posonlyargs + node.args.args]
                if names[:3] == ["code", "es", "en"]:
                    has_field = len(names) > 3 and names[3] in ("field", "field_name")
                    maker = Maker(
                        STATUS[cls],
                        field=3 if has_field else None,
                        star_details=node.args.kwarg is not None,
                    )
                elif names == ["es", "en"] and isinstance(first, ast.Constant):
                    maker = Maker(STATUS[cls], code=None, es=0, en=1, fixed_code=first.value)
                else:
                    continue
                DISCOVERED.setdefault(node.name, maker)
                HELPER_DEFS.add((path, node.name))


# --------------------------------------------------------------------------- the data


def _load_fixes() -> Any:
    spec = importlib.util.spec_from_file_location(
        "codemod_refusals_fixes", ROOT / "scripts" / "codemod_refusals_fixes.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


# --------------------------------------------------------------------------- extraction


class Unconvertible(Exception):
    pass


@dataclass
class Hole:
    key: str  # what identifies the value in both languages
    value: str  # the parameter's value, as source
    spec: str
    conv: str
    src: str
    typed: bool = False  # the value was recovered from a language's form of it
    labelled: bool = False  # es(x.label), role_label_es(x): x.value may be its English


Part = str | Hole


def _flatten(node: ast.expr) -> list[str | tuple[ast.expr, str, str]]:
    """Text and (expression, spec, conversion) parts of a message expression."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        out: list[str | tuple[ast.expr, str, str]] = []
        for value in node.values:
            if isinstance(value, ast.Constant):
                out.append(str(value.value))
            elif isinstance(value, ast.FormattedValue):
                spec = ""
                if value.format_spec is not None:
                    assert isinstance(value.format_spec, ast.JoinedStr)
                    if not all(isinstance(v, ast.Constant) for v in value.format_spec.values):
                        raise Unconvertible(f"computed format spec in {ast.unparse(node)}")
                    spec = "".join(str(v.value) for v in value.format_spec.values)  # type: ignore[attr-defined]
                conv = "" if value.conversion == -1 else chr(value.conversion)
                out.append((value.value, spec, conv))
        return out
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _flatten(node.left) + _flatten(node.right)
    if isinstance(node, ast.IfExp | ast.Name | ast.Attribute | ast.Subscript):
        raise Unconvertible(f"the message is not written at the site: {ast.unparse(node)}")
    return [(node, "", "")]


def _lang_const(node: ast.expr, lang: str) -> bool:
    return isinstance(node, ast.Constant) and node.value == lang


def _norm(node: ast.expr, spec: str, conv: str, lang: str) -> Hole:
    """One expression of one language, with the language's form of the value undone."""
    src = ast.unparse(node)

    def hole(inner: ast.expr | str, spec: str = spec, **kw: Any) -> Hole:
        text = inner if isinstance(inner, str) else ast.unparse(inner)
        return Hole(text, text, spec, conv, src, **kw)

    if lang == "es" and spec == "%d/%m/%Y":
        return hole(node, "", typed=True)
    if isinstance(node, ast.Call):
        func = node.func
        fname = func.id if isinstance(func, ast.Name) else None
        args = node.args
        if fname == lang and len(args) == 1 and not node.keywords:  # es(x) / en(x)
            inner = args[0]
            if isinstance(inner, ast.Attribute) and inner.attr == "label":
                return hole(inner.value, typed=True, labelled=True)
            return hole(inner, typed=True)
        if fname == "role_label_es" and lang == "es" and len(args) == 1:
            h = hole(args[0], typed=True, labelled=True)
            h.value = f"Role({h.key})"
            return h
        if (
            fname in ("fmt", "money")
            and args
            and all(_lang_const(a, lang) or isinstance(a, ast.Constant) for a in args[1:])
        ):
            return hole(args[0], typed=True)
        if fname == "number" and len(args) == 2 and _lang_const(args[1], lang):
            return hole(args[0], ",", typed=True)
        if fname == "str" and len(args) == 1:
            return hole(args[0])
        if isinstance(func, ast.Attribute) and not args and func.attr == "isoformat":
            return hole(func.value, typed=True)
        if (
            isinstance(func, ast.Attribute)
            and func.attr == "label"
            and len(args) == 1
            and _lang_const(args[0], lang)
        ):
            return hole(func.value, typed=True)
        if (
            isinstance(func, ast.Attribute)
            and func.attr == "join"
            and isinstance(func.value, ast.Constant)
            and func.value.value in (", ", " ")
            and len(args) == 1
        ):
            return _norm_list(args[0], spec, conv, lang, src)
    if isinstance(node, ast.Attribute) and node.attr == f"message_{lang}":
        return hole(node.value, typed=True)
    return hole(node)


def _norm_list(arg: ast.expr, spec: str, conv: str, lang: str, src: str) -> Hole:
    if isinstance(arg, ast.GeneratorExp | ast.ListComp) and len(arg.generators) == 1:
        gen = arg.generators[0]
        if not gen.ifs and not gen.is_async and isinstance(gen.target, ast.Name):
            elt = _norm(arg.elt, "", "", lang)
            target = gen.target.id
            if elt.value == target:
                text = ast.unparse(gen.iter)
            else:
                text = f"[{elt.value} for {target} in {ast.unparse(gen.iter)}]"
            key = f"[{elt.key} for {target} in {ast.unparse(gen.iter)}]"
            return Hole(key, text, spec, conv, src, typed=elt.typed)
    text = ast.unparse(arg)
    return Hole(text, text, spec, conv, src)


_STEMS = [
    (r"(?<=\w)_{lang}\b", "_LANG"),
    (r"(?<=\w)_{LANG}\b", "_LANG"),
    (r"\b{LANG}_(?=\w)", "LANG_"),
    (r"'{lang}'", "'LANG'"),
    (r'"{lang}"', "'LANG'"),
]


def _stem(src: str, lang: str) -> str:
    for pattern, repl in _STEMS:
        src = re.sub(pattern.format(lang=lang, LANG=lang.upper()), repl, src)
    index = {"es": "0", "en": "1"}[lang]
    return re.sub(rf"\[{index}\]", "[LANG]", src)


def _pair(es_holes: list[Hole], en_holes: list[Hole]) -> list[tuple[Hole, Hole]]:
    """Each Spanish expression with its English one (the same value)."""
    pairs: list[tuple[Hole, Hole]] = []
    en_left = list(en_holes)
    es_left: list[Hole] = []
    for h in es_holes:
        match = next(
            (e for e in en_left if (e.key, e.spec, e.conv) == (h.key, h.spec, h.conv)), None
        )
        if match is None:
            es_left.append(h)
        else:
            en_left.remove(match)
            pairs.append((h, match))
    for h in list(es_left):
        match = next(
            (
                e
                for e in en_left
                if h.labelled and e.key == f"{h.key}.value" and (e.spec, e.conv) == (h.spec, h.conv)
            ),
            None,
        )
        if match is None:
            match = next(
                (e for e in en_left if _stem(h.src, "es") == _stem(e.src, "en") and h.src != e.src),
                None,
            )
            if match is not None:
                value = f"Words({h.src}, {match.src})"
                for x in (h, match):
                    x.value, x.typed = value, True
                es_left.remove(h)
                en_left.remove(match)
                pairs.append((h, match))
                continue
        if match is not None:
            es_left.remove(h)
            en_left.remove(match)
            pairs.append((h, match))
    if es_left or en_left:
        raise Unconvertible(
            "no pair for "
            + ", ".join([f"es {h.src}" for h in es_left] + [f"en {h.src}" for h in en_left])
        )
    return pairs


_PASS_THROUGH = {"S", "P", "Role", "Perm", "sorted", "list", "set", "tuple", "str", "Decimal"}


def _name_for(value: str) -> str:
    node = ast.parse(value, mode="eval").body
    if isinstance(node, ast.Name):
        name = node.id
    elif isinstance(node, ast.Attribute):
        name = (
            node.value.attr
            if node.attr in ("value", "label") and isinstance(node.value, ast.Attribute)
            else node.attr
        )  # type: ignore[union-attr]
        if node.attr in ("value", "label") and isinstance(node.value, ast.Name):
            name = node.value.id
    elif isinstance(node, ast.Call):
        func = node.func
        fname = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "value")
        if fname in _PASS_THROUGH and node.args:
            name = _name_for(ast.unparse(node.args[0]))
        elif fname == "len" and node.args:
            name = f"{_name_for(ast.unparse(node.args[0]))}_count"
        elif fname == "Words" and node.args:
            name = _name_for(ast.unparse(node.args[1]))
        else:
            name = fname.lstrip("_")
    elif isinstance(node, ast.Subscript):
        sl = node.slice
        if isinstance(sl, ast.Constant) and isinstance(sl.value, str) and sl.value.isidentifier():
            name = sl.value if sl.value not in ("es", "en") else _name_for(ast.unparse(node.value))
        else:
            name = _name_for(ast.unparse(node.value))
    elif isinstance(node, ast.ListComp):
        name = _name_for(ast.unparse(node.generators[0].iter))
    else:
        name = "value"
    name = re.sub(r"_(es|en)$", "", name).lower() or "value"
    return RESERVED.get(name, name)


def _escape(text: str) -> str:
    return text.replace("{", "{{").replace("}", "}}")


@dataclass
class Template:
    en: str
    es: str
    params: dict[str, str]  # name -> value source


def template_of(es_node: ast.expr, en_node: ast.expr, names: dict[str, str]) -> Template:
    es_parts = _flatten(es_node)
    en_parts = _flatten(en_node)
    es_holes = [_norm(p[0], p[1], p[2], "es") for p in es_parts if isinstance(p, tuple)]
    en_holes = [_norm(p[0], p[1], p[2], "en") for p in en_parts if isinstance(p, tuple)]
    pairs = _pair(es_holes, en_holes)
    # one name per value
    params: dict[str, str] = {}
    name_of: dict[int, str] = {}
    by_value: dict[str, str] = {}
    for es_h, en_h in pairs:
        value = es_h.value if es_h.typed else en_h.value
        if value in by_value:
            name = by_value[value]
        else:
            name = names.get(value) or _name_for(value)
            base, n = name, 2
            while name in params and params[name] != value:
                name = f"{base}{n}"
                n += 1
            params[name] = value
            by_value[value] = name
        name_of[id(es_h)] = name
        name_of[id(en_h)] = name

    def text(parts: list[Any], holes: list[Hole]) -> str:
        out, it = [], iter(holes)
        for p in parts:
            if isinstance(p, str):
                out.append(_escape(p))
            else:
                h = next(it)
                conv = f"!{h.conv}" if h.conv else ""
                spec = f":{h.spec}" if h.spec else ""
                out.append(f"{{{name_of[id(h)]}{conv}{spec}}}")
        return "".join(out)

    es_text = text(es_parts, es_holes)
    en_text = text(en_parts, en_holes)
    return Template(en_text, es_text, params)


# --------------------------------------------------------------------------- sites


@dataclass
class Site:
    path: Path
    call: ast.Call
    maker: Maker
    maker_name: str
    app: str
    code: str | None = None
    status: int = 400
    template: Template | None = None
    kwargs: dict[str, str] = field(default_factory=dict)  # field=, details=
    problem: str | None = None
    en_src: str = ""
    en_key: str = ""
    unified: bool = False  # the message is the code's one message (MESSAGES, an enum)
    imports: list[str] = field(default_factory=list)
    keep_args: list[str] = field(default_factory=list)  # helper kept: its other arguments
    parent: ast.AST | None = None
    function: ast.FunctionDef | None = None

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.call.lineno}"


def _arg(call: ast.Call, where: int | str) -> ast.expr | None:
    if isinstance(where, int):
        return call.args[where] if len(call.args) > where else None
    for kw in call.keywords:
        if kw.arg == where:
            return kw.value
    return None


def _maker_for(path: Path, call: ast.Call) -> tuple[str, Maker] | None:
    func = call.func
    name = func.id if isinstance(func, ast.Name) else None
    if name is None:
        return None
    rel = str(path.relative_to(ROOT))
    if name in STATUS:
        if not call.args or len(call.args) < 3:
            return None  # the new form, or DomainError.__init__ itself
        status = STATUS[name]
        for kw in call.keywords:
            if kw.arg == "status" and isinstance(kw.value, ast.Constant):
                status = int(kw.value.value)
        return name, Maker(status)
    maker = HELPERS.get((rel, name)) or HELPERS.get((None, name)) or DISCOVERED.get(name)
    if maker is None:
        return None
    if maker.keep and _arg(call, maker.es) is None:
        return None  # already converted
    if not maker.keep and maker.fixed_code is None and len(call.args) < 3:
        return None
    return name, maker


SOURCES: dict[Path, str] = {}


def source(path: Path) -> str:
    """The file's text, with ``TEXT_EDITS`` applied."""
    if path not in SOURCES:
        SOURCES[path] = path.read_text()
    return SOURCES[path]


def apply_text_edits(fixes: Any) -> list[str]:
    report = []
    for rel, old, new in fixes.TEXT_EDITS:
        path = ROOT / rel
        text = source(path)
        if old in text:
            SOURCES[path] = text.replace(old, new, 1)
            EDITED.add(path)
        elif _squash(new) not in _squash(text):
            report.append(f"{rel}: text edit no longer matches: {old.strip().splitlines()[0]!r}")
    return report


EDITED: set[Path] = set()
NOT_A_SITE = "not a site"


def _squash(text: str) -> str:
    """Text without its layout: an edit ruff has since reformatted still counts as made."""
    return re.sub(r"\s+", "", text)


def find_sites(fixes: Any) -> list[Site]:
    discover_helpers()
    sites = []
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            if "migrations" in path.parts or path.name == "codes.py":
                continue
            if path == ROOT / "casino" / "errors.py":
                continue  # the classes themselves
            tree = ast.parse(source(path))
            parents = {c: n for n in ast.walk(tree) for c in ast.iter_child_nodes(n)}
            for node in ast.walk(tree):
                if not isinstance(node, ast.Call):
                    continue
                found = _maker_for(path, node)
                if found is None:
                    continue
                name, maker = found
                site = Site(path, node, maker, name, app, status=maker.status)
                site.parent = parents.get(node)
                up = site.parent
                while up is not None and not isinstance(up, ast.FunctionDef):
                    up = parents.get(up)
                site.function = up
                if up is not None and (path, up.name) in HELPER_DEFS:
                    continue  # the helper's own body: it goes with the helper
                _read_site(site, fixes)
                if site.problem is not NOT_A_SITE:
                    sites.append(site)
    return sites


def _read_site(site: Site, fixes: Any) -> None:
    call, maker = site.call, site.maker
    if maker.fixed_code:
        site.code = maker.fixed_code
    else:
        code_node = _arg(call, maker.code)  # type: ignore[arg-type]
        if not (isinstance(code_node, ast.Constant) and isinstance(code_node.value, str)):
            site.problem = f"the code is not written at the site: {ast.unparse(code_node) if code_node else None}"
            return
        site.code = code_node.value
    es_node, en_node = _arg(call, maker.es), _arg(call, maker.en)
    if es_node is None or en_node is None:
        site.problem = NOT_A_SITE  # a helper's name reused for another function
        return
    site.en_src = ast.unparse(en_node)
    used = {maker.code, maker.es, maker.en, maker.field}
    for kw in call.keywords:
        if kw.arg in used:
            continue
        if maker.keep:
            site.keep_args.append(
                f"{kw.arg}={ast.unparse(kw.value)}" if kw.arg else f"**{ast.unparse(kw.value)}"
            )
        elif kw.arg in ("field", "details"):
            site.kwargs[kw.arg] = ast.unparse(kw.value)
        elif kw.arg == "status":
            pass
        elif maker.star_details and kw.arg:
            site.kwargs.setdefault("details", "{")
            site.kwargs["details"] += f"{kw.arg!r}: {ast.unparse(kw.value)}, "
        elif maker.star_details and kw.arg is None:
            site.kwargs.setdefault("details", "{")
            site.kwargs["details"] += f"**{ast.unparse(kw.value)}, "
        else:
            site.problem = f"unexpected argument {kw.arg}"
            return
    if "details" in site.kwargs and site.kwargs["details"].startswith("{") and maker.star_details:
        site.kwargs["details"] = site.kwargs["details"].rstrip(", ") + "}"
    if maker.keep:
        site.keep_args = [ast.unparse(a) for a in call.args] + site.keep_args
    if maker.field is not None:
        fnode = _arg(call, maker.field)
        if fnode is not None:
            site.kwargs["field"] = ast.unparse(fnode)
    elif isinstance(maker.code, int):
        extra = [a for i, a in enumerate(call.args) if i not in (maker.code, maker.es, maker.en)]
        if extra and not maker.keep:
            site.problem = "unexpected positional arguments"
            return
    site.en_key = en_key(en_node)
    rel = str(site.path.relative_to(ROOT))
    key = (rel, site.code, site.en_key)
    if key not in fixes.OVERRIDES:
        key = (site.code, site.en_key)  # type: ignore[assignment]
    override = fixes.OVERRIDES.get(key)
    if override is not None:
        fixes.USED.add(key)
        if "skip" in override:
            site.problem = f"left by hand: {override['skip']}"
            return
        site.code = override.get("code", site.code)
        site.status = override.get("status", site.status)
        site.imports = list(override.get("imports", []))
        if "field" in override:
            site.kwargs["field"] = override["field"]
        if "details" in override:
            site.kwargs["details"] = override["details"]
        if "en" in override:
            site.template = Template(override["en"], override["es"], dict(override["params"]))
            return
        if "params" in override:
            site.template = Template("", "", dict(override["params"]))
            site.unified = True
            return
    try:
        site.template = template_of(es_node, en_node, fixes.NAMES)
    except Unconvertible as exc:
        site.problem = str(exc)


def en_key(node: ast.expr) -> str:
    """The English as it reads at the site, each expression in braces: what ``OVERRIDES``
    names a site by."""
    try:
        parts = _flatten(node)
    except Unconvertible:
        return ast.unparse(node)
    out = []
    for p in parts:
        if isinstance(p, str):
            out.append(p)
        else:
            expr, spec, conv = p
            out.append(
                "{"
                + ast.unparse(expr)
                + (f"!{conv}" if conv else "")
                + (f":{spec}" if spec else "")
                + "}"
            )
    return "".join(out)


# --------------------------------------------------------------------------- enums


@dataclass
class Member:
    name: str
    status: int
    msgid: str
    app: str | None  # None: a hand-written enum
    enum: str = ""


def read_enums() -> dict[str, Member]:
    members: dict[str, Member] = {}
    paths = [(ROOT / app / "codes.py", app) for app in APPS] + [(p, None) for p in HAND_ENUMS]
    for path, app in paths:
        if not path.exists():
            continue
        tree = ast.parse(path.read_text())
        for cls in tree.body:
            if not isinstance(cls, ast.ClassDef):
                continue
            if not any(getattr(b, "id", None) == "RefusalCode" for b in cls.bases):
                continue
            for stmt in cls.body:
                if (
                    isinstance(stmt, ast.Assign)
                    and len(stmt.targets) == 1
                    and isinstance(stmt.targets[0], ast.Name)
                    and isinstance(stmt.value, ast.Tuple)
                ):
                    status_node, msg_node = stmt.value.elts
                    assert isinstance(status_node, ast.Constant)
                    assert isinstance(msg_node, ast.Call)
                    msg = msg_node.args[0]
                    assert isinstance(msg, ast.Constant)
                    name = stmt.targets[0].id
                    members[name] = Member(name, int(status_node.value), msg.value, app, cls.name)
    return members


def enum_module(app: str, members: list[Member], extra: tuple[str, str] = ("", "")) -> str:
    """The module ``<app>/codes.py``: the app's enum, and the source ``ENUM_EXTRA`` of the
    fixes keeps after it (its imports, its source)."""
    imports, after = extra
    lines = [
        f'"""The refusals of {app} (issue 41 §2): each code with its HTTP status and its',
        "message, written once (the English msgid; its Spanish is in",
        f"``locale/es/catalog/{app}.json``). Raise one with",
        f"``raise DomainError.of({ENUM[app]}.<CODE>, name=value, ...)``.",
        "",
        "``scripts/codemod_refusals.py`` adds the codes it converts and keeps every member",
        'already here, including those written by hand."""',
        "",
        "from __future__ import annotations",
        "",
        "from django.utils.translation import gettext_noop as _",
        "",
        "from casino.refusals import RefusalCode",
        *([imports.strip()] if imports.strip() else []),
        "",
        "",
        f"class {ENUM[app]}(RefusalCode):",
    ]
    for m in sorted(members, key=lambda m: m.name):
        lines.append(f"    {m.name} = {m.status}, _({json.dumps(m.msgid, ensure_ascii=False)})")
    return "\n".join(lines) + "\n" + (f"\n\n{after.strip()}\n" if after.strip() else "")


# --------------------------------------------------------------------------- catalogue


def load_catalogs() -> dict[str, dict[str, str]]:
    return {
        p.stem: json.loads(p.read_text(encoding="utf-8")) for p in sorted(CATALOG.glob("*.json"))
    }


def spanish_of(catalogs: dict[str, dict[str, str]], msgid: str) -> str | None:
    found = None
    for entries in catalogs.values():  # the same order as scripts/i18n.py: the last wins
        if msgid in entries:
            found = entries[msgid]
    return found


# --------------------------------------------------------------------------- rewriting


def _offsets(text: str) -> list[int]:
    starts = [0]
    for line in text.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


def _span(text: str, node: ast.AST) -> tuple[int, int]:
    lines = _offsets(text)

    # ast columns are utf-8 byte offsets
    def at(line: int, col: int) -> int:
        raw = text[lines[line - 1] : lines[line]].encode("utf-8")[:col]
        return lines[line - 1] + len(raw.decode("utf-8"))

    return at(node.lineno, node.col_offset), at(node.end_lineno, node.end_col_offset)  # type: ignore[arg-type]


def new_call(site: Site, enum: str) -> str:
    assert site.template is not None and site.code is not None
    ref = f"{enum}.{site.code}"
    params = [f"{k}={v}" for k, v in site.template.params.items()]
    if site.maker.keep:
        args = [a for a in site.keep_args]
        args.append(f"code={ref}")
        if site.template.params:
            raise AssertionError(site.where)
        func = ast.unparse(site.call.func)
        return f"{func}({', '.join(args)})"
    extra = [f"{k}={site.kwargs[k]}" for k in ("field", "details") if k in site.kwargs]
    return f"DomainError.of({', '.join([ref, *params, *extra])})"


def add_imports(text: str, lines: list[str]) -> str:
    tree = ast.parse(text)
    bound = {
        alias.asname or alias.name
        for stmt in tree.body
        if isinstance(stmt, ast.Import | ast.ImportFrom)
        for alias in stmt.names
    }
    missing = [line for line in lines if line.rsplit(" ", 1)[1] not in bound]
    if not missing:
        return text
    last = None
    for stmt in tree.body:
        if isinstance(stmt, ast.Import | ast.ImportFrom):
            last = stmt
        elif last is not None or not (
            isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant)
        ):
            if last is not None:
                break
    if last is None:
        raise AssertionError("no import to follow")
    offsets = _offsets(text)
    at = offsets[last.end_lineno]  # type: ignore[index]
    return text[:at] + "".join(f"{line}\n" for line in missing) + text[at:]


# --------------------------------------------------------------------------- main


LAYER = {app: i for i, layer in enumerate(LAYERS) for app in layer}


def can_import(importer: str, owner: str) -> bool:
    """The layers' contract: an app imports its own codes and those of the layers below."""
    return importer == owner or LAYER[owner] < LAYER[importer]


def owner_of(apps: set[str]) -> str:
    """The app whose enum declares a code the ``apps`` raise: the lowest of them, unless two
    of one layer share that lowest layer (tournaments and promotions may not import each
    other): then the first app of the layer below, which both may import."""
    lowest = min(LAYER[a] for a in apps)
    at_lowest = sorted(a for a in apps if LAYER[a] == lowest)
    if len(at_lowest) == 1:
        return at_lowest[0]
    if lowest == 0:
        raise SystemExit(f"no layer below {at_lowest} to own their shared code")
    return LAYERS[lowest - 1][0]


def plan(fixes: Any) -> dict[str, Any]:
    sites = find_sites(fixes)
    members = read_enums()
    extra = {
        code: Member(code, status, en, app)
        for code, (app, status, en, _es) in fixes.EXTRA_MEMBERS.items()
        if code not in members
    }
    members.update(extra)
    catalogs = load_catalogs()
    for site in sites:
        if site.problem is None:
            _unify(site, fixes, members, catalogs)
    ok = [s for s in sites if s.problem is None]
    by_code: dict[str, list[Site]] = defaultdict(list)
    for s in ok:
        assert s.code is not None
        by_code[s.code].append(s)
    conflicts: dict[str, str] = {}
    chosen: dict[str, Member] = {}
    spanish: dict[str, str] = {}
    for code, group in sorted(by_code.items()):
        forms = Counter((s.status, s.template.en) for s in group)  # type: ignore[union-attr]
        es_forms = {s.template.es for s in group}  # type: ignore[union-attr]
        existing = members.get(code)
        reason = None
        if len(forms) > 1:
            reason = "raised with different messages or statuses: " + " | ".join(
                f"{st} {en!r}" for st, en in forms
            )
        elif len(es_forms) > 1:
            reason = "one English message, several Spanish: " + " | ".join(sorted(es_forms))
        else:
            ((status, en),) = forms
            es = next(iter(es_forms))
            decided = fixes.MESSAGES.get(code)
            if (
                existing is not None
                and existing.app is not None
                and decided is not None
                and (decided["status"], decided["en"]) == (status, en)
                and (existing.status, existing.msgid) != (status, en)
            ):
                # a decision changed the code's one message (a merge brought a second
                # sentence): the member takes it; the sites converted before are checked
                # by tests/casino/test_refusals.py (every placeholder passed)
                existing = members[code] = Member(code, status, en, existing.app, existing.enum)
            if existing is not None and (existing.status, existing.msgid) != (status, en):
                reason = (
                    f"already declared as {existing.status} {existing.msgid!r}, raised as"
                    f" {status} {en!r}"
                )
            else:
                known = spanish_of(catalogs, en)
                if known is not None and known != es:
                    reason = f"the catalogue already has {en!r} as {known!r}, the site says {es!r}"
        if reason:
            conflicts[code] = reason
            for s in group:
                s.problem = f"code {code}: {reason}"
            continue
        if (
            existing is not None
            and existing.app is not None
            and not all(can_import(s.app, existing.app) for s in group)
        ):
            reason = (
                f"declared in {existing.app}/codes.py, which "
                + ", ".join(sorted({s.app for s in group if not can_import(s.app, existing.app)}))
                + f" may not import: move it to {owner_of({s.app for s in group} | {existing.app})}"
            )
            conflicts[code] = reason
            for s in group:
                s.problem = f"code {code}: {reason}"
            continue
        if existing is not None:
            chosen[code] = existing
        else:
            owner = owner_of({s.app for s in group})
            chosen[code] = Member(code, status, en, owner)
        spanish[en] = es
    for code, (_app, _status, en, es) in fixes.EXTRA_MEMBERS.items():
        chosen.setdefault(code, members[code])
        spanish.setdefault(en, es)
    return {
        "sites": sites,
        "members": members,
        "chosen": chosen,
        "spanish": spanish,
        "conflicts": conflicts,
        "catalogs": catalogs,
    }


def _unify(site: Site, fixes: Any, members: dict[str, Member], catalogs: Any) -> None:
    """A code with one message decided (``MESSAGES``, or a hand-written enum's member): the
    site takes it, with the parameters it names."""
    assert site.code is not None and site.template is not None
    target = None
    if site.code in fixes.MESSAGES:
        m = fixes.MESSAGES[site.code]
        target = (m["status"], m["en"], m["es"])
    elif site.code in fixes.EXTRA_MEMBERS:
        _app, status, en, es = fixes.EXTRA_MEMBERS[site.code]
        target = (status, en, es)
    elif site.code in members and members[site.code].app is None:
        m = members[site.code]
        target = (m.status, m.msgid, spanish_of(catalogs, m.msgid) or "")
    if target is None:
        if site.unified:
            site.problem = "the override gives parameters only, and the code has no one message"
        return
    status, en, es = target
    needed = set(_placeholders(en))
    missing = needed - set(site.template.params)
    if missing:
        site.problem = f"the code's message {en!r} needs {sorted(missing)}"
        return
    site.template = Template(en, es, {k: v for k, v in site.template.params.items() if k in needed})
    site.status = status


def _placeholders(text: str) -> list[str]:
    return [name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name]


def owner_module(member: Member) -> tuple[str, str]:
    """(import line, enum name) for a member."""
    if member.app is None:
        return f"from casino.errorcodes import {member.enum}", member.enum
    return f"from {member.app}.codes import {ENUM[member.app]}", ENUM[member.app]


def _param_imports(site: Site, tree: ast.Module, fixes: Any) -> list[str]:
    """Imports for the names the site's parameters use that the module lacks (a model
    class named as the thing not found)."""
    assert site.template is not None
    names = {
        n.id
        for value in site.template.params.values()
        for n in ast.walk(ast.parse(value, mode="eval"))
        if isinstance(n, ast.Name) and n.id in fixes.IMPORTS
    }
    if not names:
        return []
    bound = _bound(tree.body)
    for func in ast.walk(tree):
        if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef) and (
            func.lineno <= site.call.lineno <= (func.end_lineno or 0)
        ):
            bound |= _bound(list(ast.walk(func)))
    return [fixes.IMPORTS[n] for n in sorted(names - bound)]


def _bound(nodes: list[Any]) -> set[str]:
    out: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import | ast.ImportFrom):
            out |= {a.asname or a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ClassDef | ast.FunctionDef):
            out.add(node.name)
        elif isinstance(node, ast.If):  # TYPE_CHECKING imports do not exist at run time
            continue
    return out


def write(result: dict[str, Any], fixes: Any) -> list[Path]:
    chosen: dict[str, Member] = result["chosen"]
    members: dict[str, Member] = result["members"]
    touched: list[Path] = []
    by_file: dict[Path, list[Site]] = defaultdict(list)
    for s in result["sites"]:
        if s.problem is None and s.code in chosen:
            by_file[s.path].append(s)
    for path in EDITED:
        by_file.setdefault(path, [])
    for path, _name in HELPER_DEFS:
        by_file.setdefault(path, [])
    texts: dict[Path, tuple[str, list[str]]] = {}
    for path, sites in sorted(by_file.items()):
        text = source(path)
        imports: list[str] = []
        tree = ast.parse(text)
        for s in sorted(sites, key=lambda s: (s.call.lineno, s.call.col_offset), reverse=True):
            imports.extend(_param_imports(s, tree, fixes))
            member = chosen[s.code]  # type: ignore[index]
            line, enum = owner_module(member)
            start, end = _span(text, s.call)
            call = new_call(s, enum)
            text = text[:start] + call + text[end:]
            if isinstance(s.parent, ast.Return):  # bottom up: the lines above are as parsed
                text = _widen_returns(text, [s.function])
            imports.extend(s.imports)
        texts[path] = (text, imports)
    # the helpers that built an error from sentences, once nothing calls them (a private
    # helper is its module's; a public one may be called from anywhere)
    for path, name in sorted(HELPER_DEFS):
        scope = [path] if name.startswith("_") else _app_files()
        calls = sum(
            len(re.findall(rf"(?<![\w.]){re.escape(name)}\(", texts.get(p, (source(p),))[0]))
            for p in scope
        )
        if calls <= 1:  # its own ``def name(``
            text, imports = texts[path]
            texts[path] = (_drop_function(text, name), imports)
    for path, (text, imports) in sorted(texts.items()):
        imports += _needed_imports(text)
        module = ".".join(path.relative_to(ROOT).with_suffix("").parts)
        imports = [
            _relative(i, path, text) for i in dict.fromkeys(imports) if not _self_import(i, module)
        ]
        text = add_imports(text, imports)
        path.write_text(text)
        touched.append(path)
    # the enums
    for app in APPS:
        mine = [m for m in members.values() if m.app == app]
        names = {m.name for m in mine}
        mine += [m for m in chosen.values() if m.app == app and m.name not in names]
        if not mine:
            continue
        path = ROOT / app / "codes.py"
        path.write_text(enum_module(app, mine, getattr(fixes, "ENUM_EXTRA", {}).get(app, ("", ""))))
        touched.append(path)
    # the Spanish
    catalogs = result["catalogs"]
    by_app: dict[str, dict[str, str]] = defaultdict(dict)
    for m in chosen.values():
        if m.app is not None and spanish_of(catalogs, m.msgid) is None:
            by_app[m.app][m.msgid] = result["spanish"][m.msgid]
    for app, entries in by_app.items():
        path = CATALOG / f"{app}.json"
        data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}
        data.update(entries)
        path.write_text(json.dumps(data, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return touched


def _widen_returns(text: str, functions: list[ast.FunctionDef | None]) -> str:
    """A function that returned a ``Conflict`` (or another class of refusal) now returns a
    ``DomainError``: the code decides the class."""
    for func in functions:
        if func is None or not isinstance(func.returns, ast.Name):
            continue
        if func.returns.id in STATUS and func.returns.id != "DomainError":
            lines = text.splitlines(keepends=True)
            old = f"-> {func.returns.id}:"
            for i in range(func.lineno - 1, func.body[0].lineno - 1):
                if old in lines[i]:
                    lines[i] = lines[i].replace(old, "-> DomainError:", 1)
                    break
            text = "".join(lines)
    return text


def _relative(line: str, path: Path, text: str) -> str:
    """``from tables.codes import TablesCode`` as ``from ..codes import TablesCode`` in a
    module of tables that imports its own app relatively."""
    module, names = line[len("from ") :].split(" import ", 1)
    target = module.split(".")
    package = list(path.relative_to(ROOT).parent.parts)
    if target[0] != package[0] or not re.search(r"^from \.", text, re.M):
        return line
    common = 0
    while common < min(len(target) - 1, len(package)) and target[common] == package[common]:
        common += 1
    level = len(package) - common + 1
    return f"from {'.' * level}{'.'.join(target[common:])} import {names}"


KNOWN = {
    "DomainError": "from casino.errors import DomainError",
    "RefusalCode": "from casino.refusals import RefusalCode",
}


def _needed_imports(text: str) -> list[str]:
    """The imports the converted text uses."""
    lines = []
    tree = ast.parse(text)
    bound = _bound(tree.body)
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    for name, line in KNOWN.items():
        if name in used and name not in bound:
            lines.append(line)
    for app, enum in ENUM.items():
        if re.search(rf"\b{enum}\.", text):
            lines.append(f"from {app}.codes import {enum}")
    for enum in ("ApiCode", "ValidationCode"):
        if re.search(rf"\b{enum}\.", text):
            lines.append(f"from casino.errorcodes import {enum}")
    if re.search(r"(?<![\w.])Words\(", text):
        lines.append("from casino.refusals import Words")
    return lines


def _app_files() -> list[Path]:
    return [
        p for app in APPS for p in sorted((ROOT / app).rglob("*.py")) if "migrations" not in p.parts
    ]


def _drop_function(text: str, name: str) -> str:
    """``text`` without the module-level function ``name`` (and the blank lines after)."""
    for node in ast.parse(text).body:
        if isinstance(node, ast.FunctionDef) and node.name == name:
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            lines = text.splitlines(keepends=True)
            end = node.end_lineno or node.lineno
            while end < len(lines) and not lines[end].strip():
                end += 1
            return "".join(lines[: first - 1] + lines[end:])
    return text


def _self_import(line: str, module: str) -> bool:
    return line.startswith(f"from {module} import")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="convert (default: report only)")
    parser.add_argument("--no-post", action="store_true", help="skip ruff, i18n and api docs")
    parser.add_argument(
        "--verbose", action="store_true", help="list the decisions that match no site"
    )
    args = parser.parse_args()
    fixes = _load_fixes()
    fixes.USED = set()
    report = apply_text_edits(fixes)
    result = plan(fixes)
    sites: list[Site] = result["sites"]
    done = [s for s in sites if s.problem is None]
    left = [s for s in sites if s.problem is not None]
    print(f"{len(sites)} old-style sites: {len(done)} to convert, {len(left)} left")
    by_app = Counter(s.app for s in done)
    print("  by app: " + ", ".join(f"{a} {n}" for a, n in sorted(by_app.items())))
    print(f"  with a decision of scripts/codemod_refusals_fixes.py: {len(fixes.USED)} sites")
    if left:
        print("\nLeft for hand work:")
        for s in left:
            if s.code not in result["conflicts"]:
                print(f"  {s.where} {s.code}: {s.problem}")
        for code, reason in sorted(result["conflicts"].items()):
            print(f"  code {code}: {reason}")
            for s in left:
                if s.code == code and s.template is not None:
                    print(f"      {s.where} {s.status} {s.template.en!r}")
    stale = set(fixes.OVERRIDES) - fixes.USED
    for key in sorted(stale):
        report.append(f"override no longer matches a site: {key}")
    if report and args.verbose:
        print("\nFixes that no longer apply:")
        for line in report:
            print(f"  {line}")
    elif report:  # on a converted tree, every decision already applied reads so
        print(
            f"\n{len(report)} decisions of scripts/codemod_refusals_fixes.py match no site"
            " (already applied, or the site changed: --verbose lists them)"
        )
    if args.write:
        touched = write(result, fixes)
        if touched and not args.no_post:
            files = [str(p) for p in touched]
            ruff = str(ROOT / ".venv" / "bin" / "ruff")
            # The imports the sentences used; what ruff cannot fix is printed for hand work.
            subprocess.run([ruff, "check", "--fix", "--output-format", "concise", *files], cwd=ROOT)
            subprocess.run([ruff, "format", "-q", *files], cwd=ROOT, check=True)
            py = sys.executable
            for _ in range(2):  # the second pass leaves no fuzzy "#|" traces in the .po
                subprocess.run([py, "scripts/i18n.py"], cwd=ROOT, check=True)
            subprocess.run([py, "scripts/api_codes.py", "--write"], cwd=ROOT, check=True)
        print(f"\nwrote {len(touched)} files")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
