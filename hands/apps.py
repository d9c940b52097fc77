from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class HandsConfig(AppConfig):
    name = "hands"
    verbose_name = _("Hand recorder")
