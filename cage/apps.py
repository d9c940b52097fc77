from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CageConfig(AppConfig):
    name = "cage"
    verbose_name = _("Cage")

    def ready(self) -> None:
        # Next tasks per role on the home page (casino.inbox) and the closing slips'
        # chips for the next opening's expected float (tables.hooks, CLOSE-07, OPEN-06).
        from casino import inbox
        from tables import hooks

        from . import hooks as cage_hooks
        from . import inbox as cage_inbox
        from .day import tables_day_findings
        from .selectors import closing_slip_adjustments, expected_float, pending_table_work

        for provider in cage_inbox.PROVIDERS:
            inbox.register(provider)
        # The day's deck custody and sheet exceptions: the tables app cannot import the
        # cage, so the cage registers them in its one registry of day findings.
        cage_hooks.register_day_findings(tables_day_findings)

        hooks.register_float_adjustments(closing_slip_adjustments)
        # ROLE-04: a dealer change warns about slips still open at the table.
        hooks.register_pending_work(pending_table_work)
        # Issue 14 §3: the float expected at a shift change's count.
        hooks.register_expected_float(expected_float)
