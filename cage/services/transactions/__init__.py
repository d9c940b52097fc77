"""Buy-ins and re-buys (the table card), chip changes, departures and reversals.

Every service here: checks permission first, locks the table session (the one
serialisation point of a table), validates everything, then writes the record,
its lines, its seal and its audit event in one transaction (STYLE, issue 6).
The supervisor who records a buy-in or a change is the one who approves it:
croupiers cannot record them, so nothing is handed over without the
supervisor's approval (CASH-09, CHIP-04, CHIP-13, CHIP-17).

One module per job: ``writing`` (what every transaction shares: the seat, the one
write, ``Recorded``), ``buyins``, ``limits`` (a buy-in's limits and overrides),
``thresholds`` (the day's cash alerts), ``changes``, ``departures`` and ``reversals``.
``cage.services`` exports the services.
"""
