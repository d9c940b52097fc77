from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ReportsConfig(AppConfig):
    name = "reports"
    verbose_name = _("Reports")

    def ready(self) -> None:
        # The closing reports waiting for a signature on the home page (casino.inbox).
        from casino import inbox

        from . import inbox as reports_inbox

        for provider in reports_inbox.PROVIDERS:
            inbox.register(provider)
