"""The floor: the pages that tie the apps into one product for the people at the tables
(issue 8) — the supervisor's table screen, the pit boss's signing queue and sector
overview, the manager's gaming-day dashboard and the audit trail.

Pages only: every write goes through the services of ``tables``, ``cage`` and
``hands``; every read through their selectors (or this app's ``selectors``).
"""
