from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TablesConfig(AppConfig):
    name = "tables"
    verbose_name = _("Tables")

    def ready(self) -> None:
        # The signing queue and the other next tasks on the home page (casino.inbox).
        from casino import inbox

        from . import inbox as tables_inbox

        for provider in tables_inbox.PROVIDERS:
            inbox.register(provider)
