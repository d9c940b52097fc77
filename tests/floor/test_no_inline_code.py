"""The pages run under their own Content-Security-Policy (issue 40 §4, issue 12 §8).

``style-src 'self'`` and ``script-src 'self'``: a ``style`` attribute, a ``<style>`` or
``<script>`` element with code in it, an ``on…=`` handler is refused by the browser (a
console violation, and what it meant to style or run does not happen). No page template
may carry one; the PDFs (rendered by WeasyPrint, never served to a browser) may. The
browser test (``tests/e2e/test_csp.py``) watches the console over the pages themselves.
"""

from __future__ import annotations

import re
from pathlib import Path

from django.conf import settings

TEMPLATES = Path(settings.BASE_DIR) / "templates"
PDF = ("pdf/", "reports/pdf/")
COMMENTS = re.compile(r"\{#.*?#\}|\{% comment %\}.*?\{% endcomment %\}", re.S)
INLINE = {
    "style attribute": re.compile(r"<[a-zA-Z][^>]*\sstyle\s*=", re.S),
    "<style> element": re.compile(r"<style[\s>]", re.I),
    "inline <script>": re.compile(r"<script(?![^>]*\bsrc=)[^>]*>\s*\S", re.I),
    "on… handler": re.compile(r"<[a-zA-Z][^>]*\son[a-z]+\s*=", re.S),
    "javascript: URL": re.compile(r"javascript:", re.I),
}


def test_no_page_template_carries_inline_style_or_script():
    found = []
    for path in sorted(TEMPLATES.rglob("*.html")):
        name = str(path.relative_to(TEMPLATES))
        if name.startswith(PDF):
            continue
        text = COMMENTS.sub(lambda m: "\n" * m.group(0).count("\n"), path.read_text("utf-8"))
        for what, pattern in INLINE.items():
            for match in pattern.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                found.append(f"{name}:{line}: {what}")
    assert not found, "\n".join(found)


def test_the_pages_built_in_python_carry_no_inline_style():
    # The page shown when the database is away is built without templates.
    from casino import views

    assert not INLINE["style attribute"].search(views._DB_DOWN_PAGE)


def test_the_checks_catch_each_kind():
    assert INLINE["style attribute"].search('<p class="x" style="color: red">')
    assert INLINE["inline <script>"].search("<script>alert(1)</script>")
    assert not INLINE["inline <script>"].search('<script src="/static/js/mesa.js" defer></script>')
    assert INLINE["on… handler"].search('<select onchange="this.form.submit()">')
    assert not INLINE["on… handler"].search('<option value="x">')
