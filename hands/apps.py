from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class HandsConfig(AppConfig):
    name = "hands"
    verbose_name = _("Hand recorder")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from cage import reconciliation
        from casino import inbox

        from . import inbox as hands_inbox
        from . import selectors
        from .reconciliation import unresolved_hand_findings

        # An unresolved invalid hand is a cause on the books (issue 14 §2).
        if unresolved_hand_findings not in reconciliation.SESSION_FINDING_PROVIDERS:
            reconciliation.SESSION_FINDING_PROVIDERS.append(unresolved_hand_findings)

        # Invalid hands wait for the pit boss's signed review (issue 4 §3).
        inbox.register(hands_inbox.invalid_hands_to_review)
        inbox.register(hands_inbox.corrections_to_sign)  # issue 38 §3
        inbox.register(hands_inbox.irregularities_at_my_tables)
        try:
            from tables import hooks
        except ImportError:  # pragma: no cover - the tables app always provides hooks
            return
        # SANC-04, SANC-13: the sanctions ledger counts penalties down from our hands.
        register = getattr(hooks, "register_hands_served", None)
        if register is not None:
            register(selectors.hands_served)
