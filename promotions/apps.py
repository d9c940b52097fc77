from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PromotionsConfig(AppConfig):
    name = "promotions"
    verbose_name = _("Promotions")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The hand recorder posts a valid hand's drop beside its rake (issue 44 §1):
        # hands.hooks, since the recorder sits below this app.
        from hands import hooks

        from .selectors import drop_rule_at
        from .services import drop_post_for_hand

        hooks.register_hand_posted(drop_post_for_hand)
        # The fund's drop rule joins the engine's rules, so the engine takes the drop from
        # the pot at the settlement, beside the rake (hands.adapter.rules_for).
        hooks.register_fund_drop(drop_rule_at)
