from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RotaConfig(AppConfig):
    name = "rota"
    verbose_name = _("Dealers' rota")
