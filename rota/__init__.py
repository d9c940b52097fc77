"""The dealers' rota (issue 44 §3): which croupier deals at which table, and when.

For now only the pure planner (:mod:`rota.planning`, no Django); the app (models,
services, the floor page, the API) comes in a later phase.
"""
