"""``python -m poker``: see ``poker.cli``."""

from poker.cli import main

raise SystemExit(main())
