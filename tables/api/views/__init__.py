"""API of table operations: one view per use case (issue 5 §6), one module per area.

- ``tables``: the tables, their settings and the operations settings;
- ``sessions``: a session's life (open, play, suspend, last hand, closing) and what is
  recorded at the table (dealer changes, reliefs, attestations, checklists);
- ``sheets``: the opening and closing sheets, discrepancies, the signing queue;
- ``decks``: deck custody (packs, moves, deliveries, stores, reconciliation, rotation);
- ``sanctions``: the sanctions ledger and its decisions;
- ``keys``: the key handouts;
- ``common``: what they share (error answers, tags, the actor, the answer's shape).

Each view: the actor (``X-Mesa-Role``), parse the input, call one service or
selector, shape the output with ``tables.presenters``. POSTs that create
records go through ``idempotent``. No rule lives here. Every view is a class written out
here, its name greppable; views that differ only in their service share a small base.
"""
