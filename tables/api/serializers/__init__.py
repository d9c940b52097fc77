"""Input and output serializers of the tables API (issue 5 §6), one module per area, as the
views (``tables.api.views``): ``tables``, ``sessions``, ``sheets``, ``decks``, ``sanctions``,
``keys``, and ``common`` for what they share.

Outputs describe the dicts of ``tables.presenters``. Inputs only check shape;
the services judge the content (counts, moves, signatures, sanctions), so a
bad count gets its precise code (``COUNT_NOT_WHOLE``…) from the service.
"""
