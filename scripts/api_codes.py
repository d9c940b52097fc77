#!/usr/bin/env python3
"""Print, check or write the table of error codes of ``docs/api.md``, generated from the
refusal enums (``casino.api.codes.markdown``; issue 15 §3, issue 41 §2).

    python scripts/api_codes.py            # print the table
    python scripts/api_codes.py --check    # exit 1 when docs/api.md differs
    python scripts/api_codes.py --write    # replace the table in docs/api.md
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "api.md"
START, END = "<!-- error-codes:start -->\n", "<!-- error-codes:end -->"


def table() -> str:
    # The Spanish comes from the compiled catalogue: Django reads it with its settings.
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "casino.settings.test")
    import django

    django.setup()
    from casino.api.codes import markdown

    return markdown()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--write", action="store_true")
    args = parser.parse_args()
    text = table()
    if not (args.check or args.write):
        sys.stdout.write(text)
        return 0
    page = DOC.read_text()
    head, rest = page.split(START, 1)
    _old, tail = rest.split(END, 1)
    new = head + START + text + END + tail
    if args.check:
        if new != page:
            print("docs/api.md: the table of error codes differs; run with --write")
            return 1
        return 0
    DOC.write_text(new)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
