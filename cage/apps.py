from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CageConfig(AppConfig):
    name = "cage"
    verbose_name = _("Cage")

    def ready(self) -> None:
        # Next tasks per role on the home page (casino.inbox) and the closing slips'
        # chips for the next opening's expected float (tables.hooks, CLOSE-07, OPEN-06).
        from casino import inbox

        from . import inbox as cage_inbox

        for provider in cage_inbox.PROVIDERS:
            inbox.register(provider)
        try:
            from tables import hooks
        except ImportError:  # pragma: no cover - the tables app always ships its hooks
            return
        from .selectors import closing_slip_adjustments, expected_float, pending_table_work

        hooks.register_float_adjustments(closing_slip_adjustments)
        # ROLE-04: a dealer change warns about slips still open at the table.
        hooks.register_pending_work(pending_table_work)
        # Issue 14 §3: the float expected at a shift change's count.
        hooks.register_expected_float(expected_float)
