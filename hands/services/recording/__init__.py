"""The hand recorder: every hand is stored through one pipeline, whatever its entry point
(API, live logging, page, PHH import, correction). Each module is one step, called once
and in order (see docs/hands.md):

``parse`` the input → ``books.carry_in`` (the pot the books carry) → ``judge`` (the
engine) → ``books.book_checks`` → ``word`` the verdict (``prepare``, nothing written) →
``admit`` into the locked session's ``book`` → ``write`` (bulk inserts) → ``rake``.
``log.hand_log`` is the pipeline as one service; ``correct`` and ``review`` are a stored
hand's revision and the pit boss's signature. All of it runs inside the caller's
transaction with the table session row locked, which serialises one table's hands.

A well-formed hand that breaks the rules is stored with its invalid verdict (the record
of what happened is never lost) and waits for the pit boss (issue 4 §3).
"""
