"""Fault drills (issue 9 §6): scripted, timed, each printing what it proves.

    .venv/bin/python scripts/testenv.py -- .venv/bin/python -m drills.run_all

They need the throwaway PostgreSQL and Redis of ``scripts/testenv.py`` (they stop and
start them) and run real processes on loopback: gunicorn, Celery workers, locust.
"""
