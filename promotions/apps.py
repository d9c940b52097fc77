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

        from .services import drop_post_for_hand

        hooks.register_hand_posted(drop_post_for_hand)
