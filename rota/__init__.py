"""The dealers' rota (issue 44 §3): which croupier deals at which table, and when.

:mod:`rota.planning` is the pure planner (no Django, an import-linter contract keeps it
so); :mod:`rota.codec` turns its plans into plain data and back. The app around them:
``models`` (a rota is a chain of versions, never edited), ``services`` (plan, re-plan),
``selectors`` (the floor's now and next, planned against actual), ``views`` (the floor
page), ``api`` (``/api/rotations/…``). Who deals at a table stays with ``tables``: the
rota is the plan, a dealer change is recorded by ``tables.services.dealer_change_record``.
"""
