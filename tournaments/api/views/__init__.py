"""The tournaments API (issue 42): one view per use case, parse -> service -> output; one
module per area.

Under ``/api/tournaments/``:

- ``structures``: the structure templates and their versions;
- ``tournaments``: the tournaments;
- ``entries``: the entries (register, re-enter, rebuy, add-on, unregister, arrive), the
  waiting list and the ledger;
- ``seats``: the draw and the tables, the balancing plan, the moves and their
  confirmations;
- ``clock``: the clock;
- ``eliminations``: the eliminations and their corrections, hidden chips, sanctions, chip
  races, the absentees;
- ``payouts``: the payouts (propose, approve, pay);
- ``deals``: the deals;
- ``results``: the results, the qualifiers and the settlement;
- ``common``: what they share (error answers, tags, the actor and its tournament).

The conventions of the rest of the API hold: the role header, idempotent creating POSTs,
the one error shape. Every view is a class written out here, its name greppable.
"""
