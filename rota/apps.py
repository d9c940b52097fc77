from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RotaConfig(AppConfig):
    name = "rota"
    verbose_name = _("Dealers' rota")

    def ready(self) -> None:
        from tables import hooks

        from .services import rota_follow_table

        # Issue 44 §3: a table opening or closing re-plans the rota by itself.
        hooks.register_table_changed(rota_follow_table)
