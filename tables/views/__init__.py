"""Pages of table operations (issue 5 §6), one module per area: thin — read the form, call
the same services as the API, show the DomainError message in the active language.

- ``tables``: the list of tables and one table with its session's forms;
- ``sessions``: the forms of a session's life;
- ``sheets``: the signing queue, the opening and closing sheets and their forms;
- ``decks``: deck custody pages and forms;
- ``sanctions``: the sanctions pages and forms;
- ``shifts``: the shift change page and its forms;
- ``actions``: the one URL every form posts to, and the forms by name;
- ``common``: the page guard and what the pages read from a form.
"""
