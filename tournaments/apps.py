from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # Issue 42. The lower apps ask for tournament figures through their registries,
        # never by importing this app: the hand recorder (tables.hooks: the hand rules of
        # a tournament level, a stored hand's busts), the cage's day reconciliation (the
        # tournament's books against its settlement) and the home page's inbox.
        from cage import hooks as cage_hooks
        from tables import hooks

        from . import recorder
        from .reconciliation import TITLES, tournament_day_findings

        hooks.register_hand_rules(recorder.hand_rules)
        hooks.register_hand_stored(recorder.hand_stored)
        hooks.register_hand_revised(recorder.hand_revised)
        cage_hooks.register_day_findings(tournament_day_findings)
        cage_hooks.register_cause_titles(TITLES)  # the causes' titles
